/** Host processes seen through /proc (sandboxed commands report pids of their own namespace). */
import { readdirSync, readFileSync } from 'node:fs';

/** Host pids whose command line is exactly `argv`. */
export function pidsRunning(argv: string[]): number[] {
  const wanted = `${argv.join('\0')}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * Whether `pid` is still running. A zombie (killed, not yet reaped) counts as gone. A killed
 * process closes its pipes before it turns into a zombie, so callers poll this (expect.poll)
 * rather than read it once right after a run ends.
 */
export function isRunning(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
