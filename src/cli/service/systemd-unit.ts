/**
 * The systemd unit of `aibox service install`: started at boot, restarted on failure with growing
 * pauses (RestartSec → RestartMaxDelaySec in RestartSteps; systemd before 254 keeps the fixed
 * RestartSec and ignores the two), given up after StartLimitBurst failures in
 * StartLimitIntervalSec, and stopped with SIGTERM to the server alone (KillMode=mixed: it aborts
 * and saves its turns and kills its commands' process groups itself) before the rest is killed.
 */
import { join } from 'node:path';
import { SHUTDOWN_LIMIT_MS } from '../shutdown-limit.js';
import { type ServiceSpec, serveArgv } from './service-spec.js';

export const UNIT_NAME = 'aibox.service';

/** `~/.config/systemd/user` (XDG_CONFIG_HOME) for a user unit, `/etc/systemd/system` for a system one. */
export function unitDir(system: boolean, env: NodeJS.ProcessEnv, userHome: string): string {
  if (system) return '/etc/systemd/system';
  const config = env.XDG_CONFIG_HOME?.trim() || join(userHome, '.config');
  return join(config, 'systemd', 'user');
}

/** A word of ExecStart: quoted when it has what systemd would split or expand. */
function execWord(word: string): string {
  const escaped = word.replaceAll('%', '%%').replaceAll('$', '$$');
  return /^[\w@+=:,./-]+$/.test(escaped)
    ? escaped
    : `"${escaped.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function envValue(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('%', '%%')}"`;
}

export function renderSystemdUnit(spec: ServiceSpec): string {
  const stopS = Math.ceil(SHUTDOWN_LIMIT_MS / 1000) + 7;
  return [
    '# Written by `aibox service install`; `aibox service uninstall` removes it.',
    '[Unit]',
    'Description=Aibox, a self-hosted AI agent',
    'After=network-online.target',
    'Wants=network-online.target',
    // At most 5 failed starts in 10 minutes, then systemd stops trying (`aibox service status` says so).
    'StartLimitIntervalSec=600',
    'StartLimitBurst=5',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${serveArgv(spec).map(execWord).join(' ')}`,
    `WorkingDirectory=${execWord(spec.home)}`,
    `Environment=AIBOX_HOME=${envValue(spec.home)}`,
    // The model key and channel secrets (KEY=value lines, 0600); the leading '-': optional.
    `EnvironmentFile=-${spec.envFile}`,
    ...(spec.system ? [`User=${spec.user}`] : []),
    'Restart=on-failure',
    'RestartSec=5s',
    'RestartSteps=6',
    'RestartMaxDelaySec=5min',
    'KillMode=mixed',
    'KillSignal=SIGTERM',
    `TimeoutStopSec=${stopS}s`,
    '',
    '[Install]',
    `WantedBy=${spec.system ? 'multi-user.target' : 'default.target'}`,
    '',
  ].join('\n');
}
