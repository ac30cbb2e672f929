/**
 * Where the entries of a skill archive or folder are written: a staging dir, within the limits of
 * archive-limits.ts. Every name is checked before anything is created; every chunk is counted
 * before it is written, so the first limit reached stops the write (nothing past it lands).
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ArchiveError, type ArchiveLimits } from './archive-limits.js';
import { entryNameProblem, shownEntryName } from './entry-name.js';

/** One file being written: `write` each chunk as it is unpacked (a limit throws from it). */
export interface SinkFile {
  write(chunk: Buffer): void;
  /** Bytes written so far. */
  readonly written: number;
}

export class StagingSink {
  private entries = 0;
  private total = 0;

  constructor(
    private readonly root: string,
    readonly limits: ArchiveLimits,
  ) {}

  /** Bytes written to all files so far. */
  get bytes(): number {
    return this.total;
  }

  get count(): number {
    return this.entries;
  }

  /** Counts one entry and checks its name: a safe relative path, or undefined for one to skip. */
  entry(raw: string): string | undefined {
    this.entries += 1;
    const shown = shownEntryName(raw);
    if (this.entries > this.limits.entries)
      throw new ArchiveError({ kind: 'limit', limit: 'entries', max: this.limits.entries, entry: shown });
    const problem = entryNameProblem(raw);
    if (problem) throw new ArchiveError({ kind: 'name', entry: shown, problem });
    if (Buffer.byteLength(raw) > this.limits.nameBytes)
      throw new ArchiveError({ kind: 'limit', limit: 'nameBytes', max: this.limits.nameBytes, entry: shown });
    if (raw.includes('\\')) throw new ArchiveError({ kind: 'backslash', entry: shown });
    if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
      throw new ArchiveError({ kind: 'absolute', entry: shown });
    const parts = raw.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.includes('..')) throw new ArchiveError({ kind: 'parent', entry: shown });
    if (parts.length > this.limits.depth)
      throw new ArchiveError({ kind: 'limit', limit: 'depth', max: this.limits.depth, entry: shown });
    // macOS resource forks are not part of a skill.
    if (parts.length === 0 || parts[0] === '__MACOSX') return undefined;
    return posix.join(...parts);
  }

  dir(raw: string): void {
    const name = this.entry(raw);
    if (name) mkdirSync(join(this.root, name), { recursive: true });
  }

  /**
   * Writes one file: `fill` gets a SinkFile and unpacks into it. `packed` (the entry's compressed
   * size, when the format gives one) makes the ratio count per entry.
   */
  async file(
    raw: string,
    executable: boolean,
    fill: (file: SinkFile) => Promise<void> | void,
    packed?: number,
  ): Promise<void> {
    const name = this.entry(raw);
    if (!name) return;
    const shown = shownEntryName(raw);
    const path = join(this.root, name);
    mkdirSync(dirname(path), { recursive: true });
    let fd: number;
    try {
      fd = openSync(path, 'wx', executable ? 0o755 : 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new ArchiveError({ kind: 'duplicate', entry: shown });
      throw error;
    }
    const { limits } = this;
    const sink = this;
    let written = 0;
    try {
      await fill({
        write(chunk: Buffer) {
          written += chunk.length;
          sink.total += chunk.length;
          if (written > limits.entryBytes)
            throw new ArchiveError({
              kind: 'limit',
              limit: 'entryBytes',
              max: limits.entryBytes,
              entry: shown,
            });
          if (sink.total > limits.totalBytes)
            throw new ArchiveError({
              kind: 'limit',
              limit: 'totalBytes',
              max: limits.totalBytes,
              entry: shown,
            });
          if (packed !== undefined && written > limits.ratioFloorBytes && written > packed * limits.ratio)
            throw new ArchiveError({ kind: 'limit', limit: 'ratio', max: limits.ratio, entry: shown });
          for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at);
        },
        get written() {
          return written;
        },
      });
    } finally {
      closeSync(fd);
    }
  }
}
