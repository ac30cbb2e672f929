/**
 * `aibox service`, writing into a temp XDG_CONFIG_HOME: the systemd unit's
 * start, restart back-off and stop, the system unit (both checked by `systemd-analyze verify` where
 * it exists, which .ci/run installs: no error, no warning but systemd 254's keys on an older one),
 * the launchd plist (read back by Python's plistlib where python3 exists), install without a
 * manager on PATH, uninstall; no running systemd needed (`service status` is tested on systemctl's
 * and launchctl's output, test/cli/service/service-status.test.ts; against a live systemd booted in
 * its own namespaces, test/cli/service/live-systemd.test.ts). What names this build's
 * `dist/cli/main.js` runs as a real child process; the rest in this process
 * (test/helpers/cli-in-process.ts), where the source tree stands in for the build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_LIMIT_MS } from '../../../src/cli/shutdown-limit.js';
import { homeEnv } from '../../helpers/box.js';
import { CLI_PATH, runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

const has = (program: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

function setup(): { home: string; xdg: string; env: NodeJS.ProcessEnv } {
  const home = tempHome('aibox-service-');
  writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: false } }));
  const xdg = mkdtempSync(join(home, 'xdg-'));
  return { home, xdg, env: homeEnv(home, { XDG_CONFIG_HOME: xdg }) };
}

/** Keys of systemd 254 and later, which an older systemd (252 in Debian 12) ignores with a warning. */
const NEWER_KEYS = ['RestartSteps', 'RestartMaxDelaySec'];

/**
 * `systemd-analyze verify` on the unit as written: it throws on an error, and prints a warning for
 * a key it does not know, which passes its exit code; so any warning but the newer keys' fails here
 * (a misspelt key would otherwise be ignored by systemd in silence).
 */
function verifyUnit(home: string, path: string, scope: string[]): void {
  const runtime = mkdtempSync(join(home, 'run-'));
  const run = spawnSync('systemd-analyze', ['verify', ...scope, path], {
    env: { ...process.env, XDG_RUNTIME_DIR: runtime },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  const warnings = run.stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !NEWER_KEYS.some((key) => line.includes(`Unknown key '${key}'`)));
  expect(warnings).toEqual([]);
}

// One test at a time: in-process runs swap the process's env and cwd (cli-in-process.ts).
describe('aibox service', () => {
  it('writes a user unit that starts serve at boot, restarts with back-off and stops with SIGTERM in time', async () => {
    const { home, xdg, env } = setup();
    const install = await runCli(['service', 'install', '--no-enable'], { home, env });
    expect(install.code, install.stderr).toBe(0);
    const path = join(xdg, 'systemd', 'user', 'aibox.service');
    expect(install.stdout).toContain(`wrote ${path}`);
    expect(install.stdout).toContain(`put them in ${join(home, 'service.env')}`);
    const unit = readFileSync(path, 'utf8');
    const lines = unit.split('\n');
    expect(lines).toContain(
      `ExecStart=${process.execPath} --max-semi-space-size=1 --interrupt-budget=524288 --optimize-for-size --no-sparkplug ${resolve(CLI_PATH)} serve`,
    );
    expect(lines).toContain(`Environment=AIBOX_HOME="${home}"`);
    expect(lines).toContain(`EnvironmentFile=-${join(home, 'service.env')}`);
    for (const line of [
      'Restart=on-failure',
      'RestartSec=5s',
      'RestartSteps=6',
      'RestartMaxDelaySec=5min',
      'StartLimitIntervalSec=600',
      'StartLimitBurst=5',
      'KillMode=mixed',
      'KillSignal=SIGTERM',
      'WantedBy=default.target',
    ])
      expect(lines).toContain(line);
    const stopS = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
    expect(stopS * 1000).toBeGreaterThan(SHUTDOWN_LIMIT_MS);
    expect(unit).not.toContain('User=');
    expect(statSync(path).mode & 0o777).toBe(0o644);
    if (has('systemd-analyze')) verifyUnit(home, path, ['--user']);
    const dry = await runCli(['service', 'install', '--dry-run'], { home, env });
    expect(dry.stdout).toBe(unit);

    const removed = await runInProcess(['service', 'uninstall', '--no-enable'], { home, env });
    expect(removed.stdout).toContain(`stopped and removed ${path}`);
    expect(existsSync(path)).toBe(false);
    const again = await runInProcess(['--lang', 'zh', 'service', 'uninstall', '--no-enable'], { home, env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`没有安装服务（${path} 不存在）`);
  }, 60_000);

  it('a system unit runs as the user and is wanted by multi-user.target', async () => {
    const { home, env } = setup();
    const dry = await runInProcess(['service', 'install', '--system', '--dry-run'], {
      home,
      env: { ...env, SUDO_USER: 'pi' },
    });
    expect(dry.code).toBe(0);
    expect(dry.stdout.split('\n')).toEqual(expect.arrayContaining(['User=pi', 'WantedBy=multi-user.target']));
    if (has('systemd-analyze')) {
      const path = join(home, 'aibox.service');
      // `User=pi` names no user here: verify the unit as it would run for this one.
      writeFileSync(path, dry.stdout.replace('User=pi', `User=${userInfo().username}`));
      verifyUnit(home, path, []);
    }
  }, 60_000);

  it('without systemctl on PATH: the unit is written, the commands to run by hand are said, exit 1', async () => {
    const { home, xdg, env } = setup();
    const run = await runInProcess(['service', 'install'], { home, env: { ...env, PATH: '/nonexistent' } });
    expect(run.code).toBe(1);
    expect(existsSync(join(xdg, 'systemd', 'user', 'aibox.service'))).toBe(true);
    expect(run.stdout).toContain('❌ systemctl --user daemon-reload failed');
    expect(run.stdout).toContain('systemctl --user enable --now aibox.service');
    const status = await runInProcess(['--lang', 'zh', 'service', 'status'], {
      home,
      env: { ...env, PATH: '/nonexistent' },
    });
    expect(status.code).toBe(1);
    expect(status.stdout).toContain('找不到 systemctl');
  }, 60_000);

  it('the launchd plist keeps the service alive after failures, with the environment file inside, 0600', async () => {
    const { home, env } = setup();
    writeFileSync(join(home, 'service.env'), '# keys\nDEEPSEEK_API_KEY="sk-in-file"\n', { mode: 0o600 });
    const dry = await runCli(['service', 'install', '--dry-run', '--manager', 'launchd'], { home, env });
    expect(dry.code).toBe(0);
    const plist = dry.stdout;
    expect(plist).toContain('<key>KeepAlive</key>');
    expect(plist).toContain('<dict><key>SuccessfulExit</key><false/></dict>');
    expect(plist).toContain('<key>RunAtLoad</key><true/>');
    if (has('python3')) {
      const file = join(home, 'io.aibox.serve.plist');
      writeFileSync(file, plist);
      const read = JSON.parse(
        execFileSync(
          'python3',
          ['-c', 'import json,plistlib,sys; print(json.dumps(plistlib.load(open(sys.argv[1],"rb"))))', file],
          { encoding: 'utf8' },
        ),
      );
      expect(read).toMatchObject({
        Label: 'io.aibox.serve',
        ProgramArguments: expect.arrayContaining([process.execPath, resolve(CLI_PATH), 'serve']),
        EnvironmentVariables: { DEEPSEEK_API_KEY: 'sk-in-file', AIBOX_HOME: home },
        KeepAlive: { SuccessfulExit: false },
        ThrottleInterval: 30,
      });
      expect(read.ExitTimeOut * 1000).toBeGreaterThan(SHUTDOWN_LIMIT_MS);
    }
    // Written into ~/Library/LaunchAgents (HOME is a temp dir here), 0600: it holds the key.
    const install = await runCli(['service', 'install', '--no-enable', '--manager', 'launchd'], {
      home,
      env: { ...env, HOME: home },
    });
    expect(install.code).toBe(0);
    const path = join(home, 'Library', 'LaunchAgents', 'io.aibox.serve.plist');
    expect(readFileSync(path, 'utf8')).toBe(plist);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  }, 60_000);
});
