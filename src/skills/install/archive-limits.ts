/**
 * The limits a skill archive or folder from outside is unpacked within, and the problems that stop
 * it. Limits are counted on the bytes actually written, while they are written: the first one
 * reached aborts the whole install (the caller removes the staging dir).
 */
import type { EntryNameProblem } from './entry-name.js';

export interface ArchiveLimits {
  /** Size of the archive file itself. */
  archiveBytes: number;
  /** Entries (files and folders) in one archive or folder. */
  entries: number;
  /** Bytes of one file, unpacked. */
  entryBytes: number;
  /** Bytes of all files together, unpacked. */
  totalBytes: number;
  /** Unpacked bytes per packed byte, counted once an entry (zip) or the stream (tar.gz) passed `ratioFloorBytes`. */
  ratio: number;
  /** Below this many unpacked bytes the ratio is not checked (a small text file may pack 1000:1). */
  ratioFloorBytes: number;
  /** Folders in one entry's path. */
  depth: number;
  /** Bytes of one entry's path (and of a tar long-name or pax record). */
  nameBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  archiveBytes: 100 * 1024 * 1024,
  entries: 2000,
  entryBytes: 50 * 1024 * 1024,
  totalBytes: 100 * 1024 * 1024,
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
  depth: 16,
  nameBytes: 1024,
};

export type ArchiveLimitName = Exclude<keyof ArchiveLimits, 'ratioFloorBytes'>;

/** What stopped an archive or folder; rendered in zh or en by describeArchiveProblem. */
export type ArchiveProblem =
  | { kind: 'limit'; limit: ArchiveLimitName; max: number; entry?: string }
  /** An entry inflated to more than the size its header declared (a lying bomb), or to less. */
  | { kind: 'size_mismatch'; entry: string; declared: number }
  | { kind: 'absolute'; entry: string }
  | { kind: 'parent'; entry: string }
  | { kind: 'backslash'; entry: string }
  | { kind: 'name'; entry: string; problem: EntryNameProblem }
  | { kind: 'link'; entry: string }
  | { kind: 'special'; entry: string }
  | { kind: 'duplicate'; entry: string }
  | { kind: 'unsupported'; what: 'zip64' | 'encrypted' | 'method'; entry: string; method?: number }
  | { kind: 'damaged'; what: 'no_end_record' | 'directory' | 'local_header' | 'truncated'; entry?: string }
  | { kind: 'unreadable'; what: 'gzip' | 'inflate'; entry?: string; detail: string };

/** Thrown while unpacking; `problem` is plain data, so it crosses from the worker as it is. */
export class ArchiveError extends Error {
  constructor(readonly problem: ArchiveProblem) {
    super(`${problem.kind}${'entry' in problem && problem.entry ? `: ${problem.entry}` : ''}`);
    this.name = 'ArchiveError';
  }
}
