import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Finds what a process group kill misses: descendants that moved to another process group or
 * called `setsid`. Linux only (reads /proc); elsewhere every function finds nothing.
 */

function numericEntries(dir: string): number[] {
  try {
    return readdirSync(dir)
      .filter((e) => /^\d+$/.test(e))
      .map(Number);
  } catch {
    return [];
  }
}

/** Session id of a process (field 6 of /proc/PID/stat, after the parenthesised command name). */
function sessionOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[3]);
  } catch {
    return undefined;
  }
}

/** Processes of session `sid` (a child spawned detached leads its own session: sid = its pid). */
export function processesOfSession(sid: number): number[] {
  return numericEntries('/proc').filter((pid) => pid !== process.pid && sessionOf(pid) === sid);
}

/** The `pipe:[INODE]` link of one of this process's file descriptors, if it is a pipe. */
export function pipeIdOf(fd: number | undefined): string | undefined {
  if (fd === undefined) return undefined;
  try {
    const link = readlinkSync(`/proc/self/fd/${fd}`);
    return link.startsWith('pipe:') ? link : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Other processes holding one of `pipes` open (a `setsid` child that kept the probe's stdout).
 * Only processes of this user are readable, which are the only ones a probe could have started.
 */
export function processesHoldingPipes(pipes: ReadonlySet<string>): number[] {
  if (pipes.size === 0) return [];
  const found: number[] = [];
  for (const pid of numericEntries('/proc')) {
    if (pid === process.pid) continue;
    for (const fd of numericEntries(`/proc/${pid}/fd`)) {
      try {
        if (pipes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) {
          found.push(pid);
          break;
        }
      } catch {}
    }
  }
  return found;
}

export function killPids(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
}
