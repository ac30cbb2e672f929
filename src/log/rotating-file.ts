/**
 * The log file, rotated by size with the original Aibox's layout (Python's
 * RotatingFileHandler): `ai.log` is written; when it passes `maxBytes` it becomes
 * `ai.log.1`, `.1` becomes `.2` …, and the oldest beyond `files` is dropped.
 * Writes are synchronous and unbuffered (`fs.writeSync` on a file descriptor we own): log
 * volume is small, and a line that was logged is on disk even if the process is killed right
 * after. Rotation closes and reopens the descriptor on the spot, so a burst of rotations in one
 * tick leaves nothing pending (sonic-boom's `reopen` queued a `ready` listener per rotation).
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, restrictFile } from '../util/private-files.js';

interface RotatingFile {
  write(chunk: string): void;
  flushSync(): void;
  end(): void;
}

interface RotatingFileOptions {
  maxBytes: number;
  /** Files kept in all, the one being written included (at least 1). */
  files: number;
}

export function createRotatingFile(path: string, options: RotatingFileOptions): RotatingFile {
  const files = Math.max(1, Math.trunc(options.files));
  mkdirSync(dirname(path), { recursive: true });
  let fd: number | null = openSync(path, 'a', PRIVATE_FILE_MODE);
  // Logs quote conversations: files from before (or made under a looser umask) become private too.
  for (let n = 0; n < files; n++) restrictFile(n === 0 ? path : `${path}.${n}`);
  let size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;

  const writeAll = (bytes: Buffer) => {
    for (let done = 0; fd !== null && done < bytes.length; )
      done += writeSync(fd, bytes, done, bytes.length - done);
  };

  const rotate = () => {
    rmSync(`${path}.${files - 1}`, { force: true });
    for (let n = files - 2; n >= 1; n--) {
      if (existsSync(`${path}.${n}`)) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
    }
    if (files > 1) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    const next = openSync(path, 'a', PRIVATE_FILE_MODE);
    if (fd !== null) closeSync(fd);
    fd = next;
    size = 0;
  };

  return {
    write(chunk) {
      const bytes = Buffer.from(chunk);
      writeAll(bytes);
      size += bytes.length;
      if (size >= options.maxBytes) {
        try {
          rotate();
        } catch {
          // A file we cannot rename (permissions, gone): keep writing where we are; try again later.
          size = 0;
        }
      }
    },
    // Every write is already on disk.
    flushSync: () => {},
    end: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
