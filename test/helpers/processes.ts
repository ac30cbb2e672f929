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
