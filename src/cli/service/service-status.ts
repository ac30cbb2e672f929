/** What `aibox service status` shows, read from `systemctl show` or `launchctl print`. */

export interface ServiceState {
  installed: boolean;
  /** `active (running)`, `failed`, `inactive (dead)`, `running`, … as the manager says it. */
  state: string;
  running: boolean;
  pid?: number;
  /** Seconds since the current run started. */
  uptimeS?: number;
  /** Restarts the manager made after failures (systemd: since the unit was loaded; launchd: runs − 1). */
  restarts?: number;
  /** The last failure: result and exit status, or the last error line of the journal. */
  lastError?: string;
}

function properties(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) map.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return map;
}

/** `systemctl show aibox.service -p …` output; `journalError`: the last `-p warning` journal line (systemd's own failure lines). */
export function parseSystemctlShow(text: string, now: Date, journalError?: string): ServiceState {
  const p = properties(text);
  const installed = p.get('LoadState') === 'loaded';
  const active = p.get('ActiveState') ?? 'unknown';
  const running = active === 'active';
  const pid = Number(p.get('MainPID') ?? p.get('ExecMainPID') ?? 0);
  const since = Date.parse(p.get('ActiveEnterTimestamp') ?? '');
  const restarts = Number(p.get('NRestarts') ?? Number.NaN);
  const result = p.get('Result') ?? 'success';
  const status = p.get('ExecMainStatus') ?? '0';
  const failure = result !== 'success' ? `${result} (exit status ${status})` : undefined;
  const lastError = [failure, journalError?.trim() || undefined].filter(Boolean).join(': ') || undefined;
  return {
    installed,
    state: `${active}${p.get('SubState') ? ` (${p.get('SubState')})` : ''}`,
    running,
    ...(running && pid > 0 ? { pid } : {}),
    ...(running && Number.isFinite(since)
      ? { uptimeS: Math.max(0, Math.round((now.getTime() - since) / 1000)) }
      : {}),
    ...(Number.isFinite(restarts) ? { restarts } : {}),
    ...(lastError ? { lastError } : {}),
  };
}

/** `launchctl print gui/UID/LABEL` output (`undefined`: not loaded). Uptime is not in it. */
export function parseLaunchctlPrint(text: string | undefined): ServiceState {
  if (text === undefined) return { installed: false, state: 'not loaded', running: false };
  const field = (name: string) => new RegExp(`^\\s*${name} = (.+)$`, 'm').exec(text)?.[1]?.trim();
  const state = field('state') ?? 'unknown';
  const pid = Number(field('pid') ?? 0);
  const runs = Number(field('runs') ?? Number.NaN);
  const lastExit = field('last exit code');
  return {
    installed: true,
    state,
    running: state === 'running',
    ...(pid > 0 ? { pid } : {}),
    ...(Number.isFinite(runs) ? { restarts: Math.max(0, runs - 1) } : {}),
    ...(lastExit && lastExit !== '0' && lastExit !== '(never exited)'
      ? { lastError: `last exit code ${lastExit}` }
      : {}),
  };
}
