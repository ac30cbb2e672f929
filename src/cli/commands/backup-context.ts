/** What `aibox backup` and `aibox restore` share: the snapshot parts of this data dir and where snapshots go. */
import { join, resolve } from 'node:path';
import { SNAPSHOT_DIR_NAME, type SnapshotPlaces, snapshotPlaces } from '../../backup/snapshot-contents.js';
import type { CliContext } from '../../config/context.js';
import { userCwd } from '../command-helpers.js';

export interface SnapshotSetup {
  places: SnapshotPlaces;
  logFile: string;
  dir: string;
  keep: number;
}

export function snapshotSetup(ctx: CliContext, to?: string): SnapshotSetup {
  return {
    places: snapshotPlaces(ctx.paths, ctx.loaded.path),
    logFile: ctx.paths.log,
    dir: to ? resolve(userCwd(), to) : join(ctx.paths.home, SNAPSHOT_DIR_NAME),
    keep: ctx.loaded.config.backup.keep,
  };
}

/** A snapshot named on the command line: a path, or a bare file name in the snapshots folder. */
export function snapshotFile(arg: string, dir: string): string {
  return arg.includes('/') ? resolve(userCwd(), arg) : join(dir, arg);
}
