/**
 * Installs, removes and reads the service through the platform's manager: systemd (`systemctl
 * [--user]`, `journalctl`) on Linux, launchd (`launchctl`) on macOS. The definition is written
 * first (atomically); when the manager cannot be called the file stays and the commands to run by
 * hand are said.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseEnvFile } from '../../config/env-file.js';
import { writeFileAtomicSync } from '../../util/atomic-write.js';
import { LAUNCHD_LABEL, plistPath, renderLaunchdPlist } from './launchd-plist.js';
import type { ServiceSpec } from './service-spec.js';
import { parseLaunchctlPrint, parseSystemctlShow, type ServiceState } from './service-status.js';
import { renderSystemdUnit, UNIT_NAME, unitDir } from './systemd-unit.js';

export type ServicePlatform = 'systemd' | 'launchd';

export interface ServiceTarget {
  platform: ServicePlatform;
  spec: ServiceSpec;
  env: NodeJS.ProcessEnv;
  /** The invoking user's home (for ~/.config and ~/Library). */
  userHome: string;
}

export interface ManagerRun {
  ok: boolean;
  stdout: string;
  /** Why it failed (stderr, or the spawn error: `ENOENT` when the program is missing). */
  error?: string;
  missing?: boolean;
}

export function runManager(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<ManagerRun> {
  return new Promise((resolve) => {
    execFile(program, args, { env, timeout: 20_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve({ ok: true, stdout });
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      resolve({ ok: false, stdout, missing, error: (stderr || error.message).trim().split('\n')[0] ?? '' });
    });
  });
}

export function definitionPath(target: ServiceTarget): string {
  return target.platform === 'systemd'
    ? `${unitDir(target.spec.system, target.env, target.userHome)}/${UNIT_NAME}`
    : plistPath(target.spec.system, target.userHome);
}

/** The definition's text, and the file mode it is written with (a plist holding secrets: 0600). */
export function renderDefinition(target: ServiceTarget): { text: string; mode: number } {
  if (target.platform === 'systemd') return { text: renderSystemdUnit(target.spec), mode: 0o644 };
  const env = existsSync(target.spec.envFile) ? parseEnvFile(readFileSync(target.spec.envFile, 'utf8')) : {};
  return { text: renderLaunchdPlist(target.spec, env), mode: Object.keys(env).length > 0 ? 0o600 : 0o644 };
}

const userFlag = (target: ServiceTarget) => (target.spec.system ? [] : ['--user']);
const launchDomain = (target: ServiceTarget) =>
  target.spec.system ? 'system' : `gui/${process.getuid?.() ?? 0}`;

/** The manager calls that load and start the definition at `path`, in order. */
export function enableCommands(target: ServiceTarget, path: string): string[][] {
  return target.platform === 'systemd'
    ? [
        ['systemctl', ...userFlag(target), 'daemon-reload'],
        ['systemctl', ...userFlag(target), 'enable', '--now', UNIT_NAME],
      ]
    : [
        ['launchctl', 'bootout', `${launchDomain(target)}/${LAUNCHD_LABEL}`],
        ['launchctl', 'bootstrap', launchDomain(target), path],
      ];
}

export function disableCommands(target: ServiceTarget): string[][] {
  return target.platform === 'systemd'
    ? [['systemctl', ...userFlag(target), 'disable', '--now', UNIT_NAME]]
    : [['launchctl', 'bootout', `${launchDomain(target)}/${LAUNCHD_LABEL}`]];
}

export function writeDefinition(target: ServiceTarget): string {
  const path = definitionPath(target);
  const { text, mode } = renderDefinition(target);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomicSync(path, text, mode);
  return path;
}

/** Runs `commands` in order; the first failure is returned (a launchctl bootout of nothing is fine). */
export async function runAll(
  commands: string[][],
  env: NodeJS.ProcessEnv,
): Promise<{ failed?: string[]; run?: ManagerRun }> {
  for (const [program, ...args] of commands) {
    if (!program) continue;
    const run = await runManager(program, args, env);
    const harmless = program === 'launchctl' && args[0] === 'bootout';
    if (!run.ok && !(harmless && !run.missing)) return { failed: [program, ...args], run };
  }
  return {};
}

export function removeDefinition(target: ServiceTarget): void {
  rmSync(definitionPath(target), { force: true });
}

export async function readState(
  target: ServiceTarget,
  now: Date,
): Promise<ServiceState | { missing: string }> {
  if (target.platform === 'launchd') {
    const run = await runManager(
      'launchctl',
      ['print', `${launchDomain(target)}/${LAUNCHD_LABEL}`],
      target.env,
    );
    if (run.missing) return { missing: 'launchctl' };
    return parseLaunchctlPrint(run.ok ? run.stdout : undefined);
  }
  const props = 'LoadState,ActiveState,SubState,MainPID,ActiveEnterTimestamp,NRestarts,Result,ExecMainStatus';
  const show = await runManager(
    'systemctl',
    [...userFlag(target), 'show', UNIT_NAME, '-p', props],
    target.env,
  );
  if (show.missing) return { missing: 'systemctl' };
  if (!show.ok)
    return { installed: existsSync(definitionPath(target)), state: show.error ?? 'unknown', running: false };
  // `warning`, not `err`: systemd logs a crash the restart then hides (`Failed with result
  // 'signal'`, a kill -9) as a warning; the box's own output is journalled at info.
  const journal = await runManager(
    'journalctl',
    [...userFlag(target), '-u', UNIT_NAME, '-p', 'warning', '-n', '1', '-o', 'cat', '--no-pager'],
    target.env,
  );
  return parseSystemctlShow(show.stdout, now, journal.ok ? journal.stdout : undefined);
}
