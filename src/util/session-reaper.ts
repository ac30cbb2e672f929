import { readdirSync, readFileSync } from 'node:fs';

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

/**
 * Processes whose environment holds `marker` (`NAME=VALUE`, set on the run's child and inherited
 * by everything it starts): what escaped the process group and the session (a `setsid` daemon).
 * Only processes of this user are readable, which are the only ones a run could have started.
 */
export function processesWithEnv(marker: string): number[] {
  const needle = Buffer.from(`${marker}\0`);
  return numericEntries('/proc').filter((pid) => {
    if (pid === process.pid) return false;
    try {
      return readFileSync(`/proc/${pid}/environ`).includes(needle);
    } catch {
      return false;
    }
  });
}

export function killPids(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
}
