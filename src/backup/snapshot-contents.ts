/**
 * What a snapshot holds, and where each part lives now. Inside the archive every path starts with
 * its part: `memories.db` (through SQLite's online backup), `config.json` (the file in use),
 * `skills/…`, `prompts/…`, `pictures/NAME` (the pictures the conversations refer to) and `home/NAME` (the data dir's own state files: channel senders and
 * outbox, MCP trust, the client key, skill provenance …). Not in it: logs, saved tool results,
 * the workspace and the conversation archive (people's files), the snapshots themselves, caches
 * that are rebuilt (`.config-cache.json`, `.skills-cache.json`, `.skills-search.json`, `.skills-vectors.json`), SQLite's
 * side files, the box lock and any temp or leftover file.
 */
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import { BOX_INFO_FILE } from '../store/box-info.js';
import { BOX_LOCK_FILE } from '../store/box-lock.js';

export const SNAPSHOT_DIR_NAME = 'backups';
/** A snapshot being assembled, in the snapshots folder. */
export const SNAPSHOT_STAGING_PREFIX = '.staging-';
/** A restore being unpacked, in the data dir. */
export const RESTORE_STAGING_PREFIX = '.restore-';
/** A snapshot archive being written: `.aibox-….tar.gz.<pid>.tmp`. */
export const SNAPSHOT_TEMP = /^\.aibox-.*\.tmp$/;

/** The parts of a snapshot and the real place each one has in this data dir. */
export interface SnapshotPlaces {
  home: string;
  database: string;
  config: string;
  skills: string;
  prompts: string;
  pictures: string;
}

export function snapshotPlaces(
  paths: Pick<DataPaths, 'home' | 'database' | 'skills' | 'prompts' | 'pictures'>,
  configPath: string,
): SnapshotPlaces {
  return {
    home: paths.home,
    database: paths.database,
    config: configPath,
    skills: paths.skills,
    prompts: paths.prompts,
    pictures: paths.pictures,
  };
}

export const DATABASE_ENTRY = 'memories.db';
export const CONFIG_ENTRY = 'config.json';
export const TREE_PARTS = ['skills', 'prompts', 'pictures'] as const;
/**
 * The pictures folder holds only files at its top, named by content hash. A snapshot without it
 * (made before pictures were kept in snapshots) leaves the folder as it is on restore: its files
 * are addressed by content, so extra ones are harmless (retention removes them), and removing them
 * would leave the restored conversations pointing at missing pictures.
 */
export const PICTURES_PART = 'pictures';
export const HOME_PART = 'home';

/** Derived files, rebuilt when missing: never worth restoring over what the build would make. */
const CACHES = new Set([
  '.config-cache.json',
  '.skills-cache.json',
  '.skills-search.json',
  '.skills-vectors.json',
]);

/** Names a snapshot leaves out wherever they are: temp copies, crash leftovers, SQLite side files. */
export function isTransient(name: string): boolean {
  return (
    CACHES.has(name) ||
    /\.tmp$/.test(name) ||
    /^\.(install|replaced|restore|staging)-/.test(name) ||
    /-(wal|shm|journal)$/.test(name) ||
    /\.bak-/.test(name)
  );
}

/** The data dir's own state files (regular files at its top) that a snapshot keeps. */
export function homeStateFiles(places: SnapshotPlaces, logFile: string): string[] {
  const skip = new Set([basename(places.database), basename(places.config), BOX_LOCK_FILE, BOX_INFO_FILE]);
  const log = basename(logFile);
  return readdirSync(places.home, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .filter((name) => !skip.has(name) && !isTransient(name))
    .filter((name) => name !== log && !name.startsWith(`${log}.`))
    .sort()
    .map((name) => join(places.home, name));
}
