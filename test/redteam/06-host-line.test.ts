/**
 * Red team 06: a line promoted to the host, judged by the sandbox's rules. `ldconfig -p` needs the
 * host, so the whole line `ldconfig -p; rm -rf DIR` runs there; DIR lies in the real /tmp, which
 * the sandbox's rules let be deleted (inside the sandbox /tmp is private). Must hold: the line is
 * judged as host code, whole: the request says the whole line leaves the sandbox and names the
 * `rm` too, a "no" keeps DIR (checked on disk), and "Always" for `ldconfig -p` alone does not let
 * the `rm` ride along on the host unasked.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, startBox, type TestClient } from '../server/harness.js';
import { hostileCall } from './hostile.js';

describe('red team 06: a line that runs on the host is judged as host code, whole', () => {
  let box: Box;
  let client: TestClient;
  let victim: string;

  beforeAll(async () => {
    box = await startBox({ config: { safety: { approval_timeout_s: 60 } } });
    client = await connectReady(box.wsUrl);
  });
  afterAll(async () => {
    client?.close();
    await box?.close();
    rmSync(victim, { recursive: true, force: true });
  });

  /** A directory of the host's real /tmp with a file in it. */
  const freshVictim = () => {
    victim = mkdtempSync('/tmp/aibox-redteam-06-');
    writeFileSync(join(victim, 'data.txt'), 'keep me');
    return victim;
  };

  it('names every part of the line in the request, and a "no" keeps the real /tmp directory', async () => {
    expect(box.app.sandbox.kind).toBe('bwrap');
    const dir = freshVictim();
    const outcome = await hostileCall(
      box,
      client,
      'run_command',
      { command: `ldconfig -p; rm -rf ${dir}` },
      'deny',
    );
    expect(outcome.asked).toBe(true);
    const reason = String(outcome.request?.reason);
    expect(reason).toContain('the whole line runs outside the sandbox');
    expect(reason).toContain('ldconfig');
    expect(reason).toContain(`deletes files: rm ${dir}`);
    expect(outcome.seen).toContain('The command was not run');
    expect(existsSync(join(dir, 'data.txt'))).toBe(true);
  }, 60_000);

  it('after "Always" for `ldconfig -p`, the `rm` in the same line is still asked', async () => {
    const always = await hostileCall(box, client, 'run_command', { command: 'ldconfig -p' }, 'always');
    expect(always.asked).toBe(true);
    expect((await hostileCall(box, client, 'run_command', { command: 'ldconfig -p' })).asked).toBe(false);
    const dir = freshVictim();
    const outcome = await hostileCall(
      box,
      client,
      'run_command',
      { command: `ldconfig -p; rm -rf ${dir}` },
      'deny',
    );
    expect(outcome.asked).toBe(true);
    expect(String(outcome.request?.reason)).toContain(`deletes files: rm ${dir}`);
    expect(String(outcome.request?.reason)).not.toContain('changes the system');
    expect(existsSync(join(dir, 'data.txt'))).toBe(true);
  }, 60_000);
});
