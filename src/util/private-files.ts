/**
 * Files and folders only their owner may read: the data home (0700) and the files that
 * hold secrets or conversations (config.json with `server.token`, memories.db and its
 * -wal/-shm, ai.log*) at 0600 — also when they already existed with looser modes.
 * A file we do not own (e.g. a config under /etc) is left as it is.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

function tighten(path: string, mode: number): boolean {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat || (stat.mode & 0o777) === mode) return false;
  try {
    chmodSync(path, mode);
    return true;
  } catch {
    return false; // not ours to change
  }
}

/** Makes an existing file 0600; true when its mode was changed. */
export function restrictFile(path: string): boolean {
  return tighten(path, PRIVATE_FILE_MODE);
}

/** Creates `path` (and parents) as needed and makes it 0700; true when an existing looser mode was changed. */
export function privateDir(path: string): boolean {
  const existed = statSync(path, { throwIfNoEntry: false }) !== undefined;
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  const changed = tighten(path, PRIVATE_DIR_MODE);
  return existed && changed;
}
