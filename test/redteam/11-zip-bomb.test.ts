/**
 * Red team: a hostile model calls install_skill on a zip bomb it left in its workspace (a real
 * Aibox, the scripted model, the WebSocket). The bombs stop at the first limit in the install
 * worker: `/healthz` keeps answering while the install runs, memory stays flat, the model is told
 * which limit, and nothing is left in the skills dir.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, personCookie, startBox, type TestClient } from '../server/harness.js';
import { buildTar, buildZip, deflatedZeros } from '../skills/archives.js';

const MiB = 1024 * 1024;
const SKILL_MD = Buffer.from('---\nname: bomb\ndescription: A useful skill.\n---\nRun it.\n');

/** A .tar.gz whose one file is `mib` MiB of zeros, made without compressing them (see deflatedZeros). */
function tarGzOfZeros(mib: number): Buffer {
  const header = buildTar([{ name: 'zeros.bin', data: Buffer.alloc(0) }]).subarray(0, 512);
  header.write(`${(mib * MiB).toString(8).padStart(11, '0')}\0`, 124);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  const deflate = Buffer.concat([
    deflateRawSync(header, { finishFlush: constants.Z_SYNC_FLUSH }),
    deflatedZeros(mib).subarray(0, -5),
    deflateRawSync(Buffer.alloc(1024)),
  ]);
  let crc = crc32(header);
  const zeros = Buffer.alloc(MiB);
  for (let i = 0; i < mib; i += 1) crc = crc32(zeros, crc);
  crc = crc32(Buffer.alloc(1024), crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((512 + mib * MiB + 1024) >>> 0, 4);
  return Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), deflate, trailer]);
}

const BOMBS = [
  {
    label: 'a zip declaring 600 MiB of zeros (ratio ~1000:1)',
    file: 'bomb.zip',
    data: () =>
      buildZip([
        { name: 'SKILL.md', data: SKILL_MD },
        { name: 'assets/zeros.bin', packed: deflatedZeros(600), declaredSize: 600 * MiB },
      ]),
    told: 'one file unpacks to more than the limit of 50 MiB (at entry assets/zeros.bin)',
  },
  {
    label: 'a zip whose header lies (declares 40 KiB, holds 600 MiB)',
    file: 'liar.zip',
    data: () =>
      buildZip([
        { name: 'SKILL.md', data: SKILL_MD },
        { name: 'assets/zeros.bin', packed: deflatedZeros(600), declaredSize: 40 * 1024 },
      ]),
    told: 'does not unpack to the 40960 bytes its header declares',
  },
  {
    label: 'a tar.gz of 40 MiB of zeros (within the size limits, ratio ~1000:1)',
    file: 'bomb.tar.gz',
    data: () => tarGzOfZeros(40),
    told: 'compressed more than the limit of 100:1',
  },
];

describe('red team 11: install_skill on a zip bomb', () => {
  /** The model calls install_skill on `file`; resolves with the turn's end frame. */
  const installTurn = (file: string) => {
    box.llm.script(
      { toolCalls: [{ name: 'install_skill', arguments: { skill_path: file } }] },
      { text: 'done' },
    );
    const from = client.frames.length;
    client.send({ type: 'message', content: 'install the skill I downloaded' });
    return client.waitFor((f) => f.type === 'complete' || f.type === 'error', { from, timeoutMs: 60_000 });
  };
  let box: Box;
  let client: TestClient;
  let workspace: string;
  beforeAll(async () => {
    box = await startBox();
    client = await connectReady(box.wsUrl);
    workspace = join(box.home, 'workspace');
    mkdirSync(workspace, { recursive: true });
    // A first turn loads the tools and starts the install worker, so the bombs are measured warm.
    writeFileSync(join(workspace, 'empty.zip'), buildZip([{ name: 'README.md', data: Buffer.from('hi') }]));
    await installTurn('empty.zip');
    await (await fetch(`${box.server.url}/healthz`)).text();
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
  });

  it.each(BOMBS)(
    '$label: refused at the first limit, /healthz answers throughout, RSS flat',
    async (bomb) => {
      const data = bomb.data();
      writeFileSync(join(workspace, bomb.file), data);
      box.llm.script(
        { toolCalls: [{ name: 'install_skill', arguments: { skill_path: bomb.file } }] },
        { text: 'installed' },
      );
      const requests = box.llm.requests.length;
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      let slowest = 0;
      let answered = 0;
      let done = false;
      const from = client.frames.length;
      client.send({ type: 'message', content: 'install the skill I downloaded' });
      const turn = client
        .waitFor((f) => f.type === 'complete' || f.type === 'error', { from, timeoutMs: 60_000 })
        .finally(() => {
          done = true;
        });
      // /healthz, asked again as soon as it answers, while the install runs.
      const failures: string[] = [];
      const probe = (async () => {
        while (!done) {
          const started = performance.now();
          try {
            const res = await fetch(`${box.server.url}/healthz`);
            await res.text();
            if (res.status !== 200) failures.push(`status ${res.status}`);
          } catch (error) {
            failures.push(String(error));
          }
          slowest = Math.max(slowest, performance.now() - started);
          answered += 1;
          peak = Math.max(peak, process.memoryUsage.rss());
        }
      })();
      await turn;
      await probe;
      const growthMb = (peak - baseline) / MiB;
      console.log(
        `${bomb.file} (${(data.length / 1024).toFixed(0)} KiB): RSS +${growthMb.toFixed(1)} MB, ` +
          `/healthz ${answered} answers, slowest ${slowest.toFixed(0)} ms`,
      );

      const request = await box.llm.waitForRequest(requests + 2);
      const messages = request.body.messages as { role: string; content: string }[];
      const result = messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '';
      expect(result).toContain('Installing the skill failed');
      expect(result).toContain(bomb.told);
      expect(readdirSync(join(box.home, 'skills'))).toEqual([]);
      expect(failures).toEqual([]);
      expect(growthMb).toBeLessThan(64);
      expect(slowest).toBeLessThan(500);
      expect(answered).toBeGreaterThan(0);
    },
    90_000,
  );

  it('the same bomb uploaded to /api/skills/install: 400 naming the limit, /healthz answers meanwhile', async () => {
    const upload = fetch(`${box.server.url}/api/skills/install?filename=bomb.zip`, {
      method: 'POST',
      // A person's upload (the page's cookie): the limits hold for people too.
      headers: { 'content-type': 'application/octet-stream', cookie: personCookie(box.server.url) ?? '' },
      body: BOMBS[0]?.data(),
    });
    const health = await fetch(`${box.server.url}/healthz`);
    expect(health.status).toBe(200);
    const res = await upload;
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'SKILL_ARCHIVE_INVALID' });
    expect(body.error.message).toContain('one file unpacks to more than the limit of 50 MiB');
    expect(readdirSync(join(box.home, 'skills'))).toEqual([]);
  });
});
