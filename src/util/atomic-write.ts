import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let tempCount = 0;

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
 * temp file in the same directory, fsync, rename.
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
    const handle = await open(temp, 'wx', mode);
    try {
      if (owner) await handle.chown(owner.uid, owner.gid);
      // open() applies the umask; an existing file's mode is kept exactly.
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
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
    const fd = openSync(temp, 'wx', mode);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
