/**
 * Unpacks or copies a skill from outside into a staging dir (the install worker's job): a folder,
 * a zip or a tar.gz, within the archive limits. A limit or a bad entry ends in a `problem` (plain
 * data for the main thread to render); the caller removes the staging dir.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import { type ArchiveKind, extractTarGz, extractZip } from './archive.js';
import {
  ArchiveError,
  type ArchiveLimits,
  type ArchiveProblem,
  DEFAULT_ARCHIVE_LIMITS,
} from './archive-limits.js';
import { copyFolder } from './copy-folder.js';
import { StagingSink } from './staging-sink.js';

export interface StageInput {
  kind: 'folder' | ArchiveKind;
  source: string;
  /** Created here; must not exist. */
  staging: string;
  limits?: Partial<ArchiveLimits>;
}

export type StageOutcome =
  | { ok: true; entries: number; bytes: number }
  | { ok: false; problem: ArchiveProblem };

/** The archive file, read whole only when it is within the size limit. */
function readArchive(path: string, max: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > max) throw new ArchiveError({ kind: 'limit', limit: 'archiveBytes', max });
    const data = Buffer.alloc(size);
    let length = 0;
    while (length < size) {
      const read = readSync(fd, data, length, size - length, null);
      if (read === 0) break;
      length += read;
    }
    return data.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

export async function stageSkill(input: StageInput): Promise<StageOutcome> {
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...input.limits };
  mkdirSync(input.staging);
  const sink = new StagingSink(input.staging, limits);
  try {
    if (input.kind === 'folder') await copyFolder(input.source, sink);
    else {
      const archive = readArchive(input.source, limits.archiveBytes);
      await (input.kind === 'zip' ? extractZip : extractTarGz)(archive, sink);
    }
  } catch (error) {
    if (error instanceof ArchiveError) return { ok: false, problem: error.problem };
    throw error;
  }
  return { ok: true, entries: sink.count, bytes: sink.bytes };
}
