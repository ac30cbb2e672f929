/**
 * Reads a cache file the program wrote itself (`.skills-cache.json`, `.skills-search.json`), as the
 * hostile input it may have become: only a regular file, not through a symlink, at most `maxBytes`.
 * Opened non-blocking, so a FIFO planted in its place cannot hang the reader; fstat on the open
 * descriptor, so what is checked is what is read. Undefined for a missing, non-regular, oversized
 * or unreadable file (a cache lost: the caller rebuilds it).
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Caps of the skills' cache files: far above what 1,000 skills need (≈ 1 MB for 200). */
export const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;

export function readCacheFileSync(path: string, maxBytes = MAX_CACHE_FILE_BYTES): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size > maxBytes) return undefined;
    // One byte more than the size: a file that grew since fstat (not one of ours) is refused.
    const buffer = Buffer.allocUnsafe(stats.size + 1);
    let filled = 0;
    for (let n = 1; n > 0 && filled < buffer.length; filled += n) {
      n = readSync(fd, buffer, filled, buffer.length - filled, null);
    }
    if (filled > stats.size) return undefined;
    return buffer.toString('utf8', 0, filled);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
