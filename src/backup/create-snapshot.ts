/**
 * `aibox backup` and the automatic snapshots: the data dir's parts (snapshot-contents.ts) are
 * first copied into a private staging folder beside the snapshots, memories.db through SQLite's
 * online backup (consistent while a server writes it), the other files hashed as they are copied;
 * then the manifest and the copies are streamed into one `.tar.gz`, written under a temp name and
 * renamed, so a snapshot file is either complete or not there. Older snapshots beyond `keep` go.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readlink, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { isDamage } from '../store/integrity.js';
import { privateDir } from '../util/private-files.js';
import { VERSION } from '../version.js';
import {
  MANIFEST_ENTRY,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestEntry,
  type SnapshotReason,
} from './manifest.js';
import { pruneSnapshots } from './retention.js';
import {
  CONFIG_ENTRY,
  DATABASE_ENTRY,
  HOME_PART,
  homeStateFiles,
  isTransient,
  SNAPSHOT_STAGING_PREFIX,
  type SnapshotPlaces,
  TREE_PARTS,
} from './snapshot-contents.js';
import { type TarSource, writeTarGz } from './tar.js';

export interface SnapshotRequest {
  places: SnapshotPlaces;
  /** The log file (with its rotated copies: never in a snapshot). */
  logFile: string;
  /** Where the snapshot file goes (`<home>/backups` unless `--to`). */
  dir: string;
  reason: SnapshotReason;
  /** Snapshots kept in `dir` (`backup.keep`); this one always is. */
  keep: number;
  /** An open connection to copy memories.db through (the one about to migrate); else one is opened read-only. */
  database?: Database;
  /** Snapshot files that retention must not remove (the one being restored). */
  protect?: string[];
  now?: () => Date;
}

export interface SnapshotResult {
  file: string;
  manifest: Manifest;
  /** Older snapshots removed by retention. */
  pruned: string[];
}

function snapshotName(when: Date, reason: SnapshotReason, n: number): string {
  const stamp = when.toISOString().replace(/[:.]/g, '-');
  return `aibox-${stamp}-${reason}${n > 0 ? `-${n}` : ''}.tar.gz`;
}

/** Copies `from` to a new file `to`, returning the sha256 of the bytes copied. */
async function copyHashed(from: string, to: string): Promise<string> {
  const hash = createHash('sha256');
  async function* tap(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  return hash.digest('hex');
}

function sha256Text(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Copies one file, link or folder (recursively) into the staging folder and records it. */
async function stageTree(
  from: string,
  entryPath: string,
  staging: string,
  files: ManifestEntry[],
): Promise<void> {
  const info = await lstat(from).catch(() => undefined);
  if (!info) return;
  const to = join(staging, entryPath);
  const mode = info.mode & 0o7777;
  if (info.isSymbolicLink()) {
    const link = await readlink(from);
    files.push({ path: entryPath, type: 'symlink', mode, size: 0, sha256: sha256Text(link), link });
  } else if (info.isFile()) {
    const sha256 = await copyHashed(from, to);
    files.push({ path: entryPath, type: 'file', mode, size: (await lstat(to)).size, sha256 });
  } else if (info.isDirectory()) {
    await mkdir(to, { recursive: true });
    files.push({ path: entryPath, type: 'dir', mode, size: 0 });
    for (const name of (await readdir(from)).sort()) {
      if (!isTransient(name)) await stageTree(join(from, name), `${entryPath}/${name}`, staging, files);
    }
  }
  // Sockets, pipes and devices are not data.
}

/** memories.db through the online backup API; returns its schema version (0 without a database). */
async function stageDatabase(req: SnapshotRequest, staging: string, files: ManifestEntry[]): Promise<number> {
  if (!req.database && !existsSync(req.places.database)) return 0;
  const to = join(staging, DATABASE_ENTRY);
  let version = 0;
  try {
    version = await backupDatabase(req, to);
  } catch (error) {
    // A damaged file (the reason for many a restore) is kept as it is, byte for byte.
    if (!isDamage(error)) throw error;
    await rm(to, { force: true });
    await copyHashed(req.places.database, to);
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(to)) hash.update(chunk as Buffer);
  files.push({
    path: DATABASE_ENTRY,
    type: 'file',
    mode: 0o600,
    size: (await lstat(to)).size,
    sha256: hash.digest('hex'),
  });
  return version;
}

async function backupDatabase(req: SnapshotRequest, to: string): Promise<number> {
  const db = req.database ?? new BetterSqlite3(req.places.database, { readonly: true, fileMustExist: true });
  try {
    await db.backup(to);
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    if (!req.database) db.close();
  }
}

function tarSources(manifest: Manifest, manifestText: string, staging: string): TarSource[] {
  const mtimeMs = Date.parse(manifest.created_at);
  const first: TarSource = {
    path: MANIFEST_ENTRY,
    type: 'file',
    mode: 0o600,
    size: Buffer.byteLength(manifestText),
    mtimeMs,
    content: () => createReadStream(join(staging, MANIFEST_ENTRY)),
  };
  return [
    first,
    ...manifest.files.map(
      (entry): TarSource => ({
        path: entry.path,
        type: entry.type,
        mode: entry.mode,
        size: entry.size,
        mtimeMs,
        ...(entry.link !== undefined ? { linkTarget: entry.link } : {}),
        ...(entry.type === 'file' ? { content: () => createReadStream(join(staging, entry.path)) } : {}),
      }),
    ),
  ];
}

export async function createSnapshot(req: SnapshotRequest): Promise<SnapshotResult> {
  privateDir(req.dir);
  const when = req.now?.() ?? new Date();
  const staging = await mkdtemp(join(req.dir, SNAPSHOT_STAGING_PREFIX));
  try {
    const files: ManifestEntry[] = [];
    const database = await stageDatabase(req, staging, files);
    await stageTree(req.places.config, CONFIG_ENTRY, staging, files);
    for (const part of TREE_PARTS) await stageTree(req.places[part], part, staging, files);
    const homeFiles = homeStateFiles(req.places, req.logFile);
    if (homeFiles.length > 0) await mkdir(join(staging, HOME_PART));
    for (const file of homeFiles) await stageTree(file, `${HOME_PART}/${basename(file)}`, staging, files);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      format_version: 1,
      aibox_version: VERSION,
      created_at: when.toISOString(),
      reason: req.reason,
      home: req.places.home,
      schema: { database },
      files,
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(join(staging, MANIFEST_ENTRY), manifestText, { mode: 0o600 });
    let n = 0;
    while (existsSync(join(req.dir, snapshotName(when, req.reason, n)))) n += 1;
    const file = join(req.dir, snapshotName(when, req.reason, n));
    const temp = join(req.dir, `.${snapshotName(when, req.reason, n)}.${process.pid}.tmp`);
    try {
      await writeTarGz(temp, tarSources(manifest, manifestText, staging));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const pruned = await pruneSnapshots(req.dir, req.keep, [file, ...(req.protect ?? [])]);
    return { file, manifest, pruned };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
