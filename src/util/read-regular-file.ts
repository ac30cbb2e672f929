/**
 * Reads a file that hostile hands may have replaced: only a regular file, checked by fstat on the
 * open descriptor (what is checked is what is read), opened non-blocking so that a FIFO or a
 * device put in its place cannot hang the process. `noFollow`: not through a symlink; `maxBytes`:
 * a larger file is refused. Undefined for anything else, or when the file cannot be read.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

export interface RegularFileLimits {
  maxBytes?: number;
  noFollow?: boolean;
}

export function readRegularFileSync(path: string, limits: RegularFileLimits = {}): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_RDONLY | constants.O_NONBLOCK | (limits.noFollow ? constants.O_NOFOLLOW : 0),
    );
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > (limits.maxBytes ?? Number.POSITIVE_INFINITY)) return undefined;
    // One byte more than the size: a file that grew since fstat is refused.
    const buffer = Buffer.allocUnsafe(stats.size + 1);
    let filled = 0;
    for (let n = 1; n > 0 && filled < buffer.length; filled += n) {
      n = readSync(fd, buffer, filled, buffer.length - filled, null);
    }
    return filled > stats.size ? undefined : buffer.subarray(0, filled);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
