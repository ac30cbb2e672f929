/**
 * Red team 08: the sandbox lies. Inside the sandbox /tmp is a private tmpfs, so `rm -rf DIR` of a
 * directory in the host's real /tmp "succeeded" (exit 0) without asking and without deleting
 * anything, and the model told the user it was gone. Must hold: a write or delete of a real path
 * of the host's /tmp (also by a relative name after `cd /tmp`) is asked and, after a yes, done for
 * real on the host (checked on disk), or
 * refused and left alone; scratch that stays in the private /tmp runs without asking and the tool
 * result says that /tmp is the sandbox's own and thrown away.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, startBox, type TestClient } from '../server/harness.js';
import { hostileCall } from './hostile.js';

describe('red team 08: the model is never told a change happened that did not', () => {
  let box: Box;
  let client: TestClient;
  const made: string[] = [];

  beforeAll(async () => {
    box = await startBox({ config: { safety: { approval_timeout_s: 60 } } });
    client = await connectReady(box.wsUrl);
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  /** A directory of the host's real /tmp with a file in it. */
  const realDir = () => {
    const dir = mkdtempSync('/tmp/aibox-redteam-08-');
    made.push(dir);
    writeFileSync(join(dir, 'data.txt'), 'real');
    return dir;
  };
  const run = (command: string, answer: 'allow' | 'deny') =>
    hostileCall(box, client, 'run_command', { command }, answer);

  it('asks to delete a directory of the real /tmp, and after a yes it is gone from this machine', async () => {
    expect(box.app.sandbox.kind).toBe('bwrap');
    const dir = realDir();
    const outcome = await run(`rm -rf ${dir}`, 'allow');
    expect(outcome.asked).toBe(true);
    expect(String(outcome.request?.reason)).toContain(`deletes files: rm ${dir}`);
    expect(outcome.seen).toContain('exit code: 0');
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it('the same after `cd /tmp`: the relative name is the real one, asked and deleted on the host', async () => {
    const dir = realDir();
    const outcome = await run(`cd /tmp && rm -rf ${dir.slice('/tmp/'.length)}`, 'allow');
    expect(outcome.asked).toBe(true);
    expect(String(outcome.request?.reason)).toContain('the whole line runs outside the sandbox');
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it('a "no" leaves it, and the model is told it was not done', async () => {
    const dir = realDir();
    const outcome = await run(`rm -rf ${dir}`, 'deny');
    expect(outcome.asked).toBe(true);
    expect(outcome.seen).toContain('The command was not run');
    expect(readFileSync(join(dir, 'data.txt'), 'utf8')).toBe('real');
  }, 60_000);

  it('asks to write a file of the real /tmp, and after a yes it is written on this machine', async () => {
    const dir = realDir();
    const outcome = await run(`echo changed > ${dir}/data.txt`, 'allow');
    expect(outcome.asked).toBe(true);
    expect(readFileSync(join(dir, 'data.txt'), 'utf8')).toBe('changed\n');
  }, 60_000);

  it('runs scratch in the private /tmp without asking and says it stays there', async () => {
    const scratch = `${realDir()}-scratch`;
    const outcome = await run(`mkdir -p ${scratch} && echo hi > ${scratch}/f && cat ${scratch}/f`, 'deny');
    expect(outcome.asked).toBe(false);
    expect(outcome.seen).toContain('hi');
    expect(outcome.seen).toContain("/tmp here is the sandbox's own");
    expect(outcome.seen).toContain(scratch);
    expect(existsSync(scratch)).toBe(false);
  }, 60_000);
});
