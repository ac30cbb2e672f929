/**
 * What a service manager's SIGTERM does to a real `aibox serve` (the stop of `aibox service`,
 * KillMode=mixed: the signal goes to the server alone): a command the model is running is killed
 * with its process group, the turn is saved as far as it got, and the server exits 0 in time.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_LIMIT_MS } from '../../src/cli/shutdown-limit.js';
import { CLI_PATH, tempHome, watchOutput } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { boxConfig, connectReady, testEnv } from './harness.js';

/** Pids whose command line contains `marker` (the sleep the model started). */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describe('aibox serve stopped by SIGTERM', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('kills the running command, saves the turn and exits 0 within the limit', async () => {
    const home = tempHome('aibox-sigterm-');
    writeFileSync(join(home, 'config.json'), JSON.stringify(boxConfig(llm)));
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--port', '0', '--no-scheduler'], {
      env: { ...testEnv(home), AIBOX_LANG: 'en' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = watchOutput(child);
    await out.seen(/http:\/\/127\.0\.0\.1:\d+/);
    const url = (/(http:\/\/127\.0\.0\.1:\d+)/.exec(out.text())?.[1] ?? '').replace(/^http/, 'ws');
    const marker = `${Date.now() % 100_000}.25`;
    llm.script({ toolCalls: [{ name: 'run_command', arguments: { command: `sleep ${marker}` } }] });
    const c = await connectReady(url);
    c.send({ type: 'message', content: 'wait a long time' });
    await expect
      .poll(() => processesWith(`sleep\0${marker}`).length, { interval: 100, timeout: 20_000 })
      .toBeGreaterThan(0);

    const stopped = Date.now();
    child.kill('SIGTERM');
    expect(await out.exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(SHUTDOWN_LIMIT_MS);
    await expect.poll(() => processesWith(`sleep\0${marker}`), { interval: 100, timeout: 5000 }).toEqual([]);
    expect(out.text()).toContain('SIGTERM received, shutting down');
    expect(out.text()).toContain('Shut down cleanly.');

    const db = new Database(join(home, 'memories.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const saved = db.prepare("SELECT content FROM messages WHERE role = 'user'").all() as {
        content: string;
      }[];
      expect(saved.map((m) => m.content)).toContain('wait a long time');
    } finally {
      db.close();
    }
  }, 60_000);
});
