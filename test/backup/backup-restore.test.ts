/**
 * `aibox backup`, `aibox backup --list` and `aibox restore` as a person runs them (issue 20) on a
 * real data dir, archives read back with the system's `tar`. Each command runs once as the built
 * CLI in a child process; the other runs are the same commands in this process (runInProcess).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/conversations/conversation-repo.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { createPictureStore } from '../../src/media/pictures/picture-store.js';
import { createMemoryStore } from '../../src/memory/store.js';
import { openDatabase } from '../../src/store/database.js';
import { type CliRun, runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { photoWithExif } from '../helpers/pictures.js';
import { quietBoxConfig, serveProcess } from '../helpers/serve-process.js';

async function saveMemories(home: string, summaries: string[]): Promise<void> {
  const db = await openDatabase(join(home, 'memories.db'));
  const memory = createMemoryStore({ db });
  for (const summary of summaries) memory.save({ summary, content: `${summary} in detail` });
  db.close();
}

/** A data dir with a bit of everything a snapshot holds, and things it must leave out. */
async function populatedHome(keep = 5): Promise<string> {
  const home = tempHome('aibox-backup-');
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ ...JSON.parse(quietBoxConfig()), backup: { keep } }),
  );
  await saveMemories(home, ['garden plan', '项目进度', 'dentist on friday']);
  mkdirSync(join(home, 'skills', 'weather'), { recursive: true });
  writeFileSync(join(home, 'skills', 'hello.md'), '# Hello\n\nSays hello.\n');
  writeFileSync(
    join(home, 'skills', 'weather', 'SKILL.md'),
    '---\nname: weather\ndescription: w\n---\nbody\n',
  );
  symlinkSync('/bin/true', join(home, 'skills', 'yes-tool'));
  mkdirSync(join(home, 'prompts'), { recursive: true });
  writeFileSync(join(home, 'prompts', '01-persona.md'), 'You are kind.\n');
  // A Chinese name, and a path past ustar's 100 bytes (a pax record carries it).
  writeFileSync(join(home, 'prompts', '02-说明.md'), '说明\n');
  mkdirSync(join(home, 'skills', 'weather', 'scripts', 'a'.repeat(60)), { recursive: true });
  writeFileSync(
    join(home, 'skills', 'weather', 'scripts', 'a'.repeat(60), `${'b'.repeat(60)}.sh`),
    'echo deep\n',
  );
  writeFileSync(join(home, 'channel-senders.json'), '{"telegram":["42"]}\n');
  writeFileSync(join(home, 'mcp-trust.json'), '{}\n');
  writeFileSync(join(home, 'ai.log'), 'log line\n');
  writeFileSync(join(home, 'ai.log.1'), 'older log line\n');
  mkdirSync(join(home, 'tool_results'), { recursive: true });
  writeFileSync(join(home, 'tool_results', 'big.txt'), 'x'.repeat(10_000));
  return home;
}

async function backup(
  home: string,
  args: string[] = [],
  run: typeof runInProcess = runInProcess,
): Promise<{
  file: string;
  manifest: { files: { path: string; sha256?: string; type: string }[]; schema: { database: number } };
}> {
  const made: CliRun = await run(['backup', '--json', ...args], { home });
  expect(made.stderr).toBe('');
  expect(made.code).toBe(0);
  return JSON.parse(made.stdout);
}

function memoryCount(home: string): number {
  const db = new Database(join(home, 'memories.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** A picture stored as the box stores one (the real store), and a conversation message referring to it. */
async function conversationWithPicture(home: string): Promise<{ id: string; description: string }> {
  const store = createPictureStore({
    dir: join(home, 'pictures'),
    clock: { now: () => new Date() },
    maxPx: () => 1568,
    retention: () => ({ maxAgeMs: 1e12, maxBytes: 1e12 }),
  });
  const picture = await store.put(await photoWithExif(64, 48), 'cat.jpg');
  await store.keepDescription(picture.id, 'a blue square');
  const db = await openDatabase(join(home, 'memories.db'));
  createConversationRepo(db).create({
    id: 'c1',
    sessionId: 'main',
    startedAt: '2026-12-07T00:00:00Z',
    topic: 'cat',
  });
  createMessageRepo(db).append('c1', {
    role: 'user',
    content: 'look',
    attachments: [picture],
    createdAt: '2026-12-07T00:00:00Z',
  });
  db.close();
  return { id: picture.id, description: join(home, 'pictures', `${picture.id}.description.txt`) };
}

/** The picture ids the stored messages refer to. */
function referencedPictures(home: string): string[] {
  const db = new Database(join(home, 'memories.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT attachments FROM messages WHERE attachments IS NOT NULL').all() as {
      attachments: string;
    }[];
    return rows.flatMap((row) => (JSON.parse(row.attachments) as { id: string }[]).map((a) => a.id));
  } finally {
    db.close();
  }
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('aibox backup', () => {
  it('writes one tar.gz whose manifest names each file with its sha256; logs and tool results are left out', async () => {
    const home = await populatedHome();
    const { file, manifest } = await backup(home, [], runCli);
    expect(file.startsWith(join(home, 'backups'))).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const out = tempHome('aibox-backup-out-');
    execFileSync('tar', ['-xzf', file, '-C', out]);
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');
    expect(listed[0]).toBe('manifest.json');
    const paths = manifest.files.map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'memories.db',
        'config.json',
        'skills/hello.md',
        'skills/weather/SKILL.md',
        'skills/yes-tool',
        'prompts/01-persona.md',
        'prompts/02-说明.md',
        `skills/weather/scripts/${'a'.repeat(60)}/${'b'.repeat(60)}.sh`,
        'home/channel-senders.json',
        'home/mcp-trust.json',
      ]),
    );
    expect(paths.filter((p) => /ai\.log|tool_results|workspace|config-cache|backups/.test(p))).toEqual([]);
    for (const entry of manifest.files.filter((e) => e.type === 'file'))
      expect(sha256(join(out, entry.path)), entry.path).toBe(entry.sha256);
    expect(manifest.schema.database).toBeGreaterThan(0);
    const db = new Database(join(out, 'memories.db'), { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n).toBe(3);
    db.close();
  });

  it('lists the snapshots newest first and keeps backup.keep of them', async () => {
    const home = await populatedHome(2);
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await backup(home)).file);
    const other = tempHome('aibox-backup-to-');
    const elsewhere = await backup(home, ['--to', other]);
    expect(elsewhere.file.startsWith(other)).toBe(true);
    const list = await runCli(['backup', '--list', '--json'], { home });
    const names = (JSON.parse(list.stdout) as { file: string; manifest: { reason: string } }[]).map(
      (s) => s.file,
    );
    expect(names).toEqual([made[2], made[1]]);
    expect(existsSync(made[0] ?? '')).toBe(false);
    const text = await runInProcess(['backup', '--list'], { home });
    expect(text.stdout).toContain('manual');
    expect(text.stdout).toContain('database schema v');
  });
});

describe('aibox restore', () => {
  it('puts a snapshot back exactly, after snapshotting the current state, which goes back in turn', async () => {
    const home = await populatedHome();
    const configBefore = readFileSync(join(home, 'config.json'), 'utf8');
    const { file } = await backup(home);
    // Life goes on: a memory, a config edit, a skill removed and one added, a new state file.
    await saveMemories(home, ['a fourth memory']);
    writeFileSync(join(home, 'config.json'), configBefore.replace('"keep":5', '"keep":7'));
    execFileSync('rm', [
      '-r',
      join(home, 'skills', 'hello.md'),
      join(home, 'skills', 'weather'),
      join(home, 'prompts'),
    ]);
    writeFileSync(join(home, 'skills', 'new.md'), '# New\n\nnew.\n');
    writeFileSync(join(home, 'channel-outbox.json'), '[]\n');
    expect(memoryCount(home)).toBe(4);

    const restored = await runCli(['restore', file.split('/').at(-1) ?? ''], { home });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(memoryCount(home)).toBe(3);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe(configBefore);
    expect(existsSync(join(home, 'skills', 'hello.md'))).toBe(true);
    expect(readFileSync(join(home, 'prompts', '02-说明.md'), 'utf8')).toBe('说明\n');
    expect(
      readFileSync(
        join(home, 'skills', 'weather', 'scripts', 'a'.repeat(60), `${'b'.repeat(60)}.sh`),
        'utf8',
      ),
    ).toBe('echo deep\n');
    expect(existsSync(join(home, 'skills', 'new.md'))).toBe(false);
    expect(existsSync(join(home, 'channel-outbox.json'))).toBe(false);
    expect(readFileSync(join(home, 'channel-senders.json'), 'utf8')).toBe('{"telegram":["42"]}\n');
    expect(existsSync(join(home, 'ai.log'))).toBe(true);
    expect(readdirSync(home).filter((name) => name.startsWith('.restore-'))).toEqual([]);
    const search = await runInProcess(['memory', 'search', '项目', '--json'], { home });
    expect(JSON.parse(search.stdout).total).toBe(1);

    const back = /restore (\S+before-restore\S*)/.exec(restored.stdout)?.[1];
    expect(back).toBeTruthy();
    const undone = await runInProcess(['restore', back ?? ''], { home });
    expect(undone.code).toBe(0);
    expect(memoryCount(home)).toBe(4);
    expect(existsSync(join(home, 'skills', 'new.md'))).toBe(true);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toContain('"keep":7');
  });

  it('keeps the pictures the conversations refer to: a restore brings back the ones removed since', async () => {
    const home = await populatedHome();
    const picture = await conversationWithPicture(home);
    const jpg = join(home, 'pictures', `${picture.id}.jpg`);
    const bytes = readFileSync(jpg);
    const { file, manifest } = await backup(home);
    expect(manifest.files.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'pictures',
        `pictures/${picture.id}.jpg`,
        `pictures/${picture.id}.description.txt`,
      ]),
    );
    // Retention (or a person) removes the picture; another one arrives.
    execFileSync('rm', ['-r', join(home, 'pictures')]);
    mkdirSync(join(home, 'pictures'));
    writeFileSync(join(home, 'pictures', `${'f'.repeat(64)}.jpg`), 'later');
    const restored = await runInProcess(['restore', file], { home });
    expect(restored.code).toBe(0);
    for (const id of referencedPictures(home))
      expect(existsSync(join(home, 'pictures', `${id}.jpg`)), id).toBe(true);
    expect(referencedPictures(home)).toEqual([picture.id]);
    expect(readFileSync(jpg).equals(bytes)).toBe(true);
    expect(readFileSync(picture.description, 'utf8')).toBe('a blue square');
    expect(existsSync(join(home, 'pictures', `${'f'.repeat(64)}.jpg`))).toBe(false);
    expect(statSync(join(home, 'pictures')).mode & 0o777).toBe(0o700);
    expect(statSync(jpg).mode & 0o777).toBe(0o600);
  });

  it('leaves the pictures as they are when the snapshot holds none (one made before pictures were kept)', async () => {
    const home = await populatedHome();
    const { file } = await backup(home); // no pictures folder yet: the manifest has no `pictures`
    const picture = await conversationWithPicture(home);
    const restored = await runInProcess(['restore', file], { home });
    expect(restored.code).toBe(0);
    expect(existsSync(join(home, 'pictures', `${picture.id}.jpg`))).toBe(true);
  });

  it('refuses a snapshot whose checksums do not match, or that is cut short, and changes nothing', async () => {
    const home = await populatedHome();
    const { file } = await backup(home);
    const unpacked = tempHome('aibox-tamper-');
    execFileSync('tar', ['-xzf', file, '-C', unpacked]);
    writeFileSync(join(unpacked, 'config.json'), '{"server":{"host":"0.0.0.0"}}\n');
    const tampered = join(unpacked, 'tampered.tar.gz');
    execFileSync('tar', [
      '-C',
      unpacked,
      '-czf',
      tampered,
      'manifest.json',
      'memories.db',
      'config.json',
      'skills',
      'prompts',
      'home',
    ]);
    await saveMemories(home, ['kept memory']);
    const configNow = readFileSync(join(home, 'config.json'), 'utf8');

    const refused = await runInProcess(['restore', tampered], { home });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('nothing was restored');
    expect(refused.stderr).toContain('config.json: the checksum does not match');

    const short = join(unpacked, 'short.tar.gz');
    writeFileSync(short, readFileSync(file));
    truncateSync(short, Math.floor(statSync(short).size / 2));
    const cut = await runInProcess(['restore', short], { home });
    expect(cut.code).not.toBe(0);
    expect(cut.stderr).toContain('nothing was restored');

    expect(memoryCount(home)).toBe(4);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe(configNow);
    expect(readdirSync(join(home, 'backups')).filter((n) => n.includes('before-restore'))).toEqual([]);
    expect(readdirSync(home).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });

  it('backs up beside a running server (a consistent database), but refuses to restore, in Chinese when asked', async () => {
    const home = await populatedHome();
    const { file } = await backup(home);
    const server = await serveProcess(home);
    const during = await backup(home);
    const out = tempHome('aibox-backup-during-');
    execFileSync('tar', ['-xzf', during.file, '-C', out, 'memories.db']);
    const copy = new Database(join(out, 'memories.db'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((copy.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n).toBe(3);
    copy.close();
    const refused = await runInProcess(['restore', file], { home, env: { AIBOX_LANG: 'zh' } });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`pid ${server.child.pid}`);
    expect(refused.stderr).toContain('先停止它');
    server.child.kill('SIGKILL');
    await server.exited;
  });
});
