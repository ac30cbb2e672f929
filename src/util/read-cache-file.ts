/**
 * Reads a cache file the program wrote itself (`.skills-cache.json`, `.skills-search.json`), as the
 * hostile input it may have become: only a regular file (a FIFO planted in its place cannot hang
 * the reader), not through a symlink, at most `maxBytes` (read-regular-file.ts). Undefined for a
 * missing, non-regular, oversized or unreadable file (a cache lost: the caller rebuilds it).
 */
import { readRegularFileSync } from './read-regular-file.js';

/** Caps of the skills' cache files: far above what 1,000 skills need (≈ 1 MB for 200). */
export const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;

export function readCacheFileSync(path: string, maxBytes = MAX_CACHE_FILE_BYTES): string | undefined {
  return readRegularFileSync(path, { maxBytes, noFollow: true })?.toString('utf8');
}
