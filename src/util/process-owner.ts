/**
 * Which process owns a record that other processes read (a consolidation run a CLI is doing
 * while the box starts): its pid and when it started. On Linux the start is the kernel's start
 * tick (field 22 of /proc/PID/stat), so a pid used again (pid 1 at each container start) is told
 * apart and a zombie counts as gone; elsewhere it is this process's start in ms, which tells
 * apart only a pid this very process now has, and any other live pid is taken as the owner.
 */
import { readFileSync } from 'node:fs';

export interface ProcessOwner {
  pid: number;
  start: string;
}

/** The state and start tick of `pid` from /proc (undefined: no /proc, or no such process). */
function procStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the parenthesised command name (which may hold spaces): field 3 (state) onwards.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return fields[0] && start ? { state: fields[0], start } : undefined;
  } catch {
    return undefined;
  }
}

const hasProc = procStat(process.pid) !== undefined;

function startOf(pid: number): string | undefined {
  if (hasProc) return procStat(pid)?.start;
  return pid === process.pid ? `ms:${Math.round(Date.now() - process.uptime() * 1000)}` : undefined;
}

let self: ProcessOwner | undefined;

export function currentOwner(): ProcessOwner {
  self ??= { pid: process.pid, start: startOf(process.pid) ?? '' };
  return self;
}

/** Whether `owner` (as read back: any JSON) is a process that still runs; malformed: gone. */
export function isOwnerAlive(owner: unknown): boolean {
  if (typeof owner !== 'object' || owner === null) return false;
  const { pid, start } = owner as Record<string, unknown>;
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0 || (pid as number) > 4_194_304) return false;
  if (typeof start !== 'string') return false;
  if (pid === process.pid) return start === currentOwner().start;
  if (hasProc) {
    const stat = procStat(pid as number);
    return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X' && stat.start === start;
  }
  try {
    process.kill(pid as number, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
