/**
 * `aibox service install|status|uninstall --system` against a LIVE systemd 252: one booted as PID 1
 * of its own PID and mount namespace (`unshare --pid --fork --mount-proc --mount`), reached with
 * `nsenter` (systemctl talks to it on /run/systemd/private). Booting it safely on a shared machine
 * needs care, found the hard way: a private tmpfs over /run, /tmp, /var/tmp, /var/log/journal,
 * /var/lib/systemd and /etc/systemd/system, and every unit of sysinit.target, sockets.target and
 * multi-user.target masked — the service's default dependencies pull sysinit.target, whose
 * systemd-tmpfiles-setup.service empties the host's /tmp (same filesystem), sysusers writes
 * /etc/passwd, sysctl sets the host kernel's, and multi-user.target starts the host's daemons.
 * The test's home and the checkout are bind-mounted back at their own paths. Killing the namespace's PID 1 ends all.
 * Runs in CI (CI=true) or with AIBOX_TEST_LIVE_SYSTEMD=1; skipped, with the reason, otherwise and
 * where it cannot boot (not root, no systemd, no unshare).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, tempHome } from '../../helpers/cli.js';

const SYSTEMD = '/lib/systemd/systemd';

function cannotBoot(): string | undefined {
  // Booting an init system is for CI's throwaway machines (and whoever asks for it), not every desk.
  if (process.env.CI !== 'true' && process.env.AIBOX_TEST_LIVE_SYSTEMD !== '1')
    return 'not CI: set AIBOX_TEST_LIVE_SYSTEMD=1 to run it';
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root (unshare --pid and a system systemd need root)';
  if (!existsSync(SYSTEMD)) return `no ${SYSTEMD}`;
  for (const program of ['unshare', 'nsenter', 'systemctl', 'pgrep'])
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) return `no ${program} on PATH`;
  return undefined;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * `kept`: paths bound back at their own place over the private tmpfs (the test's home, and the
 * checkout, which a fresh clone made with `mktemp -d` has under /tmp), through a tmpfs of the
 * namespace's own on /mnt.
 */
function bootScript(kept: string[]): string {
  const wants = ['sysinit', 'sockets', 'multi-user'].map((t) => `/lib/systemd/system/${t}.target.wants/`);
  const bind = kept.map((path, i) => `mkdir /mnt/${i} && mount --bind '${path}' /mnt/${i}`).join('\n');
  const back = kept.map((path, i) => `mkdir -p '${path}' && mount --move /mnt/${i} '${path}'`).join('\n');
  return `#!/bin/sh
set -e
mount -t tmpfs tmpfs /mnt
${bind}
for d in /run /tmp /var/tmp /var/log/journal /var/lib/systemd /etc/systemd/system; do mount -t tmpfs tmpfs "$d"; done
${back}
mkdir -p /run/systemd/system
printf '[Unit]\\nDescription=live test target\\nDefaultDependencies=no\\n' > /run/systemd/system/live.target
for u in $(ls ${wants.join(' ')} 2>/dev/null | grep -v ':$') systemd-tmpfiles-clean.timer systemd-tmpfiles-clean.service; do
  [ -n "$u" ] && ln -sf /dev/null "/run/systemd/system/$u"
done
exec ${SYSTEMD} --system --unit=live.target --log-target=console --log-level=notice
`;
}

const reason = cannotBoot();
let unshare: ChildProcess | undefined;
let systemdPid = 0;
let bootLog = '';
let home = '';
let port = 0;

/** A command run inside the namespace (mount + PID) of the booted systemd. */
function inside(args: string[], timeout = 30_000): { code: number | null; out: string } {
  const run = spawnSync('nsenter', ['-t', String(systemdPid), '-m', '-p', ...args], {
    encoding: 'utf8',
    timeout,
    env: { ...process.env, AIBOX_HOME: home, AIBOX_LANG: 'en' },
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

const aibox = (...args: string[]) =>
  inside(['env', `AIBOX_HOME=${home}`, process.execPath, CLI_PATH, ...args]);
const show = (key: string) => inside(['systemctl', 'show', 'aibox', '-p', key, '--value']).out.trim();

async function boot(): Promise<void> {
  home = tempHome('aibox-live-systemd-');
  port = await freePort();
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ skills: { install_examples: false }, server: { port } }),
  );
  const dir = mkdtempSync(join(home, 'boot-'));
  const script = join(dir, 'boot.sh');
  writeFileSync(script, bootScript([home, resolve(CLI_PATH, '../../..')]), { mode: 0o700 });
  unshare = spawn(
    'unshare',
    ['--pid', '--fork', '--mount-proc', '--mount', '--propagation', 'private', script],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  unshare.stdout?.on('data', (d) => (bootLog += d));
  unshare.stderr?.on('data', (d) => (bootLog += d));
  await expect
    .poll(
      () => {
        const out = spawnSync('pgrep', ['-P', String(unshare?.pid)], { encoding: 'utf8' }).stdout.trim();
        systemdPid = Number(out.split('\n')[0]) || 0;
        return systemdPid > 0 && inside(['systemctl', 'is-system-running']).out.trim();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toMatch(/running|degraded/);
}

async function health(): Promise<{ ok?: boolean }> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return (await res.json()) as { ok?: boolean };
  } catch {
    return {};
  }
}

describe.skipIf(reason !== undefined)(
  `aibox service against a live systemd${reason ? ` (skipped: ${reason})` : ''}`,
  () => {
    afterAll(async () => {
      // SIGKILL to the namespace's PID 1 ends every process in it (systemd, journald, the box).
      const pid =
        systemdPid ||
        Number(
          spawnSync('pgrep', ['-P', String(unshare?.pid)], { encoding: 'utf8' })
            .stdout.trim()
            .split('\n')[0],
        );
      if (pid > 0) process.kill(pid, 'SIGKILL');
      else unshare?.kill('SIGKILL');
      if (unshare && unshare.exitCode === null && unshare.signalCode === null)
        await new Promise((done) => unshare?.once('exit', done));
      if (home) rmSync(home, { recursive: true, force: true });
    });

    it('installs and starts the box, which answers /healthz; status shows uptime and restarts; kill -9 is restarted; uninstall stops it', async () => {
      await boot();
      const install = aibox('service', 'install', '--system');
      expect(install.code, `${install.out}\n${bootLog}`).toBe(0);
      await expect.poll(async () => (await health()).ok, { timeout: 30_000, interval: 200 }).toBe(true);
      const status = aibox('service', 'status', '--system');
      expect(status.code, status.out).toBe(0);
      expect(status.out).toMatch(/active \(running\)/);
      expect(status.out).toMatch(/up: \d/);
      expect(status.out).toMatch(/restarts after failures: 0/);
      expect(show('NRestarts')).toBe('0');

      const first = Number(show('MainPID'));
      expect(first).toBeGreaterThan(0);
      inside(['kill', '-9', String(first)]);
      // RestartSec=5s in the unit.
      await expect.poll(() => show('NRestarts'), { timeout: 15_000, interval: 200 }).toBe('1');
      await expect.poll(async () => (await health()).ok, { timeout: 30_000, interval: 200 }).toBe(true);
      expect(Number(show('MainPID'))).not.toBe(first);
      const after = aibox('service', 'status', '--system');
      expect(after.code, after.out).toBe(0);
      expect(after.out).toMatch(/active \(running\)/);
      expect(after.out).toMatch(/restarts after failures: 1/);

      const uninstall = aibox('service', 'uninstall', '--system');
      expect(uninstall.code, uninstall.out).toBe(0);
      expect(show('LoadState')).toBe('not-found');
      await expect.poll(async () => (await health()).ok, { timeout: 15_000, interval: 200 }).toBeUndefined();
    }, 90_000);
  },
);
