/**
 * A snapshot of the process-wide state a test file can leave behind in a worker that runs file
 * after file (`isolate: false`), and the difference between two snapshots in words. Used by the
 * leak guard (`leak-guard.ts`), which fails a file whose state differs after its last test.
 */
import { readdirSync, readlinkSync } from 'node:fs';

/** Process events whose listeners a file must remove again. */
export const WATCHED_EVENTS = [
  'exit',
  'SIGINT',
  'SIGTERM',
  'uncaughtException',
  'unhandledRejection',
  'warning',
] as const;

/**
 * libuv resources a file must close: servers, sockets, pipes, child processes, UDP sockets, file
 * watchers. Timers are left out: vitest and libraries keep their own; fake timers are checked apart.
 */
const WATCHED_RESOURCES = new Set([
  'TCPServerWrap',
  'TCPSocketWrap',
  'TCPWrap',
  'PipeServerWrap',
  'PipeWrap',
  'ProcessWrap',
  'UDPWrap',
  'FSEventWrap',
  'StatWatcher',
  'TTYWrap',
]);

/** A SQLite database file (`memories.db`, a test's `*.db`), not its `-wal`/`-shm` companions. */
const DATABASE_FILE = /\.(db|sqlite3?)$/;

/**
 * The SQLite database files this process holds open (better-sqlite3 handles are no libuv
 * resources): the targets of `/proc/self/fd`, sorted, repeated once per descriptor. Empty
 * where there is no /proc.
 */
export function openDatabaseFiles(): string[] {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const fd of fds) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (DATABASE_FILE.test(target)) files.push(target);
    } catch {
      // Closed between the listing and the read (the listing's own descriptor among them).
    }
  }
  return files.sort();
}

export interface GlobalState {
  env: Record<string, string | undefined>;
  cwd: string;
  exitCode: typeof process.exitCode;
  listeners: Record<string, number>;
  /** Count per watched resource type (`process.getActiveResourcesInfo()`). */
  resources: Record<string, number>;
  fakeTimers: boolean;
  databases: string[];
}

export function countResources(names: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) if (WATCHED_RESOURCES.has(name)) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

/** `fakeTimers` is vitest's `vi.isFakeTimers()`, passed in so that this module needs no vitest. */
export function captureGlobalState(fakeTimers: boolean): GlobalState {
  const listeners: Record<string, number> = {};
  for (const event of WATCHED_EVENTS) listeners[event] = process.listenerCount(event);
  return {
    env: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    listeners,
    resources: countResources(process.getActiveResourcesInfo()),
    fakeTimers,
    databases: openDatabaseFiles(),
  };
}

/** What `after` has more of than `before` (by key), as positive counts. */
export function countsAdded(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const added: Record<string, number> = {};
  for (const [key, count] of Object.entries(after)) {
    const delta = count - (before[key] ?? 0);
    if (delta > 0) added[key] = delta;
  }
  return added;
}

/**
 * One line per difference between `before` and `after`, empty when none. `allowed` holds the
 * listener and resource counts a file declared it keeps for the whole worker (`keep-for-worker.ts`).
 */
export function diffGlobalState(
  before: GlobalState,
  after: GlobalState,
  allowed: Record<string, number> = {},
): string[] {
  const lines: string[] = [];
  const keys = new Set([...Object.keys(before.env), ...Object.keys(after.env)]);
  for (const key of [...keys].sort()) {
    const was = before.env[key];
    const is = after.env[key];
    if (was === is) continue;
    if (was === undefined) lines.push(`process.env.${key} was set (to ${JSON.stringify(is)})`);
    else if (is === undefined) lines.push(`process.env.${key} was deleted (was ${JSON.stringify(was)})`);
    else lines.push(`process.env.${key} changed from ${JSON.stringify(was)} to ${JSON.stringify(is)}`);
  }
  if (before.cwd !== after.cwd)
    lines.push(`the working directory changed from ${before.cwd} to ${after.cwd}`);
  if (before.exitCode !== after.exitCode)
    lines.push(`process.exitCode changed from ${String(before.exitCode)} to ${String(after.exitCode)}`);
  for (const event of WATCHED_EVENTS) {
    const delta = after.listeners[event]! - before.listeners[event]! - (allowed[`listener:${event}`] ?? 0);
    if (delta > 0) lines.push(`${delta} more process '${event}' listener(s)`);
    if (before.listeners[event]! > after.listeners[event]!)
      lines.push(
        `${before.listeners[event]! - after.listeners[event]!} process '${event}' listener(s) removed`,
      );
  }
  for (const [type, added] of Object.entries(countsAdded(before.resources, after.resources))) {
    const left = added - (allowed[type] ?? 0);
    if (left > 0)
      lines.push(`${left} more active ${type} (server, socket, pipe, child process or watcher left open)`);
  }
  const wasOpen = [...before.databases];
  for (const file of after.databases) {
    const at = wasOpen.indexOf(file);
    if (at >= 0) wasOpen.splice(at, 1);
    else lines.push(`SQLite database ${file} left open (close it, e.g. app.close() or db.close())`);
  }
  if (!before.fakeTimers && after.fakeTimers)
    lines.push('fake timers are still installed (vi.useRealTimers())');
  return lines;
}

/** The listener and resource counts `after` has more of than `before`, keyed as `diffGlobalState` allows them. */
export function stateAdded(before: GlobalState, after: GlobalState): Record<string, number> {
  const added = countsAdded(before.resources, after.resources);
  for (const [event, count] of Object.entries(countsAdded(before.listeners, after.listeners)))
    added[`listener:${event}`] = count;
  return added;
}
