/**
 * The log file, rotated by size with the original Aibox's layout (Python's
 * RotatingFileHandler): `ai.log` is written; when it passes `maxBytes` it becomes
 * `ai.log.1`, `.1` becomes `.2` …, and the oldest beyond `files` is dropped.
 * Writes are synchronous (sonic-boom, `sync: true`): log volume is small, and a
 * line that was logged is on disk even if the process is killed right after.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import pino from 'pino';

export interface RotatingFile {
  write(chunk: string): void;
  flushSync(): void;
  end(): void;
}

export interface RotatingFileOptions {
  maxBytes: number;
  /** Files kept in all, the one being written included (at least 1). */
  files: number;
}

export function createRotatingFile(path: string, options: RotatingFileOptions): RotatingFile {
  const files = Math.max(1, Math.trunc(options.files));
  // `mkdir: true` creates the directory (synchronously, as `sync` is set) before the stat below.
  const destination = pino.destination({ dest: path, sync: true, append: true, mkdir: true });
  let size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;

  const rotate = () => {
    rmSync(`${path}.${files - 1}`, { force: true });
    for (let n = files - 2; n >= 1; n--) {
      if (existsSync(`${path}.${n}`)) renameSync(`${path}.${n}`, `${path}.${n + 1}`);
    }
    if (files > 1) renameSync(path, `${path}.1`);
    else rmSync(path, { force: true });
    destination.reopen();
    size = 0;
  };

  return {
    write(chunk) {
      destination.write(chunk);
      size += Buffer.byteLength(chunk);
      if (size >= options.maxBytes) {
        try {
          rotate();
        } catch {
          // A file we cannot rename (permissions, gone): keep writing where we are; try again later.
          size = 0;
        }
      }
    },
    flushSync: () => destination.flushSync(),
    end: () => destination.end(),
  };
}
