import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let tempCount = 0;

/** Temp files are created owner-only, before any byte is written: a copy of a secret is never readable by others. */
const TEMP_MODE = 0o600;

/** The mode a file gets when the caller names none: what `open` would give a new file. */
function defaultMode(): number {
  // Read only (setting it would throw in a worker thread and race with other code).
  return 0o666 & ~process.umask();
}

/** How the temp copies of `file` are named: `.NAME.<pid>.<n>.<random>.tmp`, next to it. */
export function tempNamePattern(file: string): RegExp {
  const name = basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${name}\\.\\d+\\.\\d+\\.[0-9a-z]*\\.tmp$`);
}

/** Any name `writeFileAtomic` gives a temp copy (for start-up cleanup after a crash). */
export const ANY_TEMP_NAME = /^\..+\.\d+\.\d+\.[0-9a-z]*\.tmp$/;

/**
 * A name no other write uses: pid and a counter make it unique, the random part hard to guess.
 * Not node:crypto, which costs a quick CLI command ~6 ms to load; the temp file is opened with
 * `wx` (never an existing file or a planted symlink), so a guessed name can only fail a write.
 */
function tempPathFor(path: string): string {
  tempCount += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return join(dirname(path), `.${basename(path)}.${process.pid}.${tempCount}.${random}.tmp`);
}

/**
 * Writes a file so that readers see either the old or the new content, never a torn one:
 * temp file in the same directory (owner-only until complete), fsync, rename.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode?: number,
  /** Given when the replaced file's owner must be kept (needs root). */
  owner?: { uid: number; gid: number },
): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, 'wx', TEMP_MODE);
    try {
      if (owner) await handle.chown(owner.uid, owner.gid);
      await handle.writeFile(data);
      await handle.sync();
      // The file's own mode only once it is complete (an existing file's mode is kept exactly).
      await handle.chmod(mode ?? defaultMode());
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Synchronous variant, for shutdown paths and small config files. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, mode?: number): void {
  const temp = tempPathFor(path);
  try {
    const fd = openSync(temp, 'wx', TEMP_MODE);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fsyncSync(fd);
      fchmodSync(fd, mode ?? defaultMode());
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
