/**
 * Where commands run is said everywhere: `/healthz`, `aibox doctor`, and start-up, which refuses
 * to start with `safety.sandbox = bwrap` when bubblewrap cannot run (here: not on PATH). Doctor's
 * reports run in this process (they depend on the PATH it is given, read at each run); the refused
 * start-up is a real `aibox serve` process.
 */
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { startBox } from '../../server/harness.js';

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function home(safety: Record<string, unknown>): string {
  const dir = tempHome('aibox-doctor-');
  homes.push(dir);
  // Port 0: no port to check; a key and `--offline` (OFFLINE): the model check passes without a request.
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ skills: { install_examples: false }, server: { port: 0 }, safety }),
  );
  return dir;
}

const KEY = { DEEPSEEK_API_KEY: 'sk-not-used' };
/** PATH without bubblewrap (the CLI itself is started by absolute path). */
const NO_BWRAP = { PATH: '/nonexistent', ...KEY };

// One after the other: a doctor run swaps this process's env, which a child started meanwhile would inherit.
describe('sandbox status', () => {
  it('GET /healthz says where commands run', async () => {
    const box = await startBox({
      config: { safety: { network: false, rules: [{ decision: 'deny', command: 'curl' }] } },
    });
    try {
      const body = (await (await fetch(`${box.server.url}/healthz`)).json()) as Record<string, unknown>;
      expect(body.sandbox).toEqual({
        kind: 'bwrap',
        mode: 'ask',
        network: false,
        version: expect.stringMatching(/^bubblewrap \d/),
      });
      expect(body.approvals).toEqual({ credential: 'client_key' });
    } finally {
      await box.close();
    }
  }, 60_000);

  it('aibox doctor reports the sandbox, the mode and the rules, in both languages', async () => {
    const dir = home({ rules: [{ decision: 'deny', command: 'curl' }], mode: 'deny' });
    const en = await runInProcess(['doctor', '--offline'], { home: dir, env: KEY });
    expect(en.code).toBe(0);
    expect(en.stdout).toMatch(/sandbox: bubblewrap \(bubblewrap \d/);
    expect(en.stdout).toContain(
      'sandbox network: own network namespace, outbound through slirp4netns version',
    );
    expect(en.stdout).toContain('approvals: answered only by clients holding the client key');
    expect(en.stdout).toContain('safety mode: deny');
    expect(en.stdout).toContain('rules: 1');
    const zh = await runInProcess(['doctor', '--offline', '--lang', 'zh'], { home: dir, env: KEY });
    expect(zh.stdout).toContain('沙箱：bubblewrap');
    const json = await runInProcess(['doctor', '--offline', '--json'], { home: dir, env: KEY });
    expect(JSON.parse(json.stdout)).toMatchObject({
      sandbox: { kind: 'bwrap', network: true, stack: expect.stringMatching(/^slirp4netns/) },
      approvals: { credential: 'client_key' },
      mode: 'deny',
      rules: 1,
    });
  }, 60_000);

  it('with the network on and no slirp4netns: the network is off, start-up and doctor say to install it', async () => {
    // A PATH with bwrap only.
    const bin = tempHome('aibox-bin-');
    homes.push(bin);
    symlinkSync('/usr/bin/bwrap', join(bin, 'bwrap'));
    const doctor = await runInProcess(['doctor', '--offline', '--json'], {
      home: home({}),
      env: { PATH: bin, ...KEY },
    });
    expect(JSON.parse(doctor.stdout).sandbox).toMatchObject({
      kind: 'bwrap',
      network: false,
      networkOff: 'slirp4netns not found (Debian package slirp4netns)',
    });
    const text = await runInProcess(['doctor', '--offline'], { home: home({}), env: { PATH: bin, ...KEY } });
    expect(text.stdout).toContain('sandbox network: off although safety.network = true');
    expect(text.stdout).toContain('install slirp4netns');
  }, 60_000);

  it('without bwrap: auto starts and says so; bwrap required refuses, and doctor exits 1', async () => {
    const auto = await runInProcess(['doctor', '--offline'], { home: home({}), env: NO_BWRAP });
    expect(auto.code).toBe(0);
    expect(auto.stdout).toContain('sandbox unavailable (bwrap not found (Debian package bubblewrap))');
    const required = home({ sandbox: 'bwrap' });
    const doctor = await runInProcess(['doctor', '--offline'], { home: required, env: NO_BWRAP });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toContain('the server will refuse to start');
    const serve = await runCli(['serve', '--port', '0', '--no-scheduler'], { home: required, env: NO_BWRAP });
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain('safety.sandbox = bwrap, but bubblewrap cannot run');
  }, 90_000);
});
