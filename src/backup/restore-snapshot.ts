/**
 * `aibox restore SNAPSHOT`: refused while a box runs on the data dir. The archive is unpacked
 * into a private staging folder in the data dir and every entry checked against the manifest
 * (a safe path in one of the snapshot's parts, the type, the size and sha256; nothing missing,
 * nothing extra): one mismatch and nothing is touched. Then the current state is snapshotted,
 * and each part is swapped for its restored copy by rename (memories.db's -wal and -shm go with
 * the old file, never over the new one). Parts the snapshot does not hold are removed, so the
 * data dir is what it was, not a mix (except pictures, addressed by content: snapshot-contents.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError, describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { boxRunningError, runningBox } from '../store/box-lock.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import { createSnapshot, type SnapshotResult } from './create-snapshot.js';
import { type Manifest, type ManifestEntry, manifestOf } from './manifest.js';
import { backupMessages } from './messages.js';
import {
  CONFIG_ENTRY,
  DATABASE_ENTRY,
  HOME_PART,
  homeStateFiles,
  PICTURES_PART,
  RESTORE_STAGING_PREFIX,
  type SnapshotPlaces,
  TREE_PARTS,
} from './snapshot-contents.js';
import { readTarGz, saveEntry } from './tar.js';

export interface RestoreRequest {
  file: string;
  places: SnapshotPlaces;
  logFile: string;
  /** Where the snapshot of the current state goes. */
  dir: string;
  keep: number;
  lang: Lang;
}

export interface RestoreResult {
  restored: Manifest;
  /** The snapshot of the state before the restore (`aibox restore` of it goes back). */
  before: SnapshotResult;
}

const TOP_FILES = new Set([DATABASE_ENTRY, CONFIG_ENTRY]);
const TOP_DIRS = new Set<string>([...TREE_PARTS, HOME_PART]);

/** Whether an archive path is one a snapshot can hold (no `..`, no absolute path, a known part). */
function allowedPath(path: string, type: ManifestEntry['type']): boolean {
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\0'))) return false;
  const top = parts[0] ?? '';
  if (TOP_FILES.has(top))
    return parts.length === 1 && (type === 'file' || (top === CONFIG_ENTRY && type === 'symlink'));
  if (top === HOME_PART) return parts.length === 1 ? type === 'dir' : parts.length === 2 && type !== 'dir';
  if (top === PICTURES_PART)
    return parts.length === 1 ? type === 'dir' : parts.length === 2 && type === 'file';
  return TOP_DIRS.has(top);
}

/** Unpacks and checks the whole snapshot into `staging`; throws on the first mismatch. */
async function unpackChecked(file: string, staging: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const expected = new Map<string, ManifestEntry>();
  const links = new Set<string>();
  for await (const entry of readTarGz(file)) {
    if (!manifest) {
      manifest = await manifestOf(entry);
      for (const item of manifest.files) {
        if (!allowedPath(item.path, item.type)) throw new Error(`${item.path}: not a path a snapshot holds`);
        expected.set(item.path, item);
      }
      continue;
    }
    const item = expected.get(entry.path);
    if (!item) throw new Error(`${entry.path}: not in the manifest`);
    expected.delete(entry.path);
    if (item.type !== entry.type)
      throw new Error(`${entry.path}: a ${entry.type}, the manifest says ${item.type}`);
    const segments = entry.path.split('/');
    for (let i = 1; i < segments.length; i++)
      if (links.has(segments.slice(0, i).join('/'))) throw new Error(`${entry.path}: inside a symbolic link`);
    const to = join(staging, entry.path);
    await mkdir(dirname(to), { recursive: true });
    if (entry.type === 'dir') {
      await mkdir(to, { recursive: true });
    } else if (entry.type === 'symlink') {
      const link = entry.linkTarget ?? '';
      if (createHash('sha256').update(link).digest('hex') !== item.sha256 || link !== item.link)
        throw new Error(`${entry.path}: the link does not match its checksum`);
      links.add(entry.path);
      await symlink(link, to);
    } else {
      const hash = createHash('sha256');
      let size = 0;
      await saveEntry(entry, to, (chunk) => {
        hash.update(chunk);
        size += chunk.length;
      });
      if (size !== item.size || hash.digest('hex') !== item.sha256)
        throw new Error(`${entry.path}: the checksum does not match`);
    }
    if (entry.type !== 'symlink') await chmod(to, item.mode & 0o777);
  }
  if (!manifest) throw new Error('the archive is empty');
  const missing = [...expected.keys()];
  if (missing.length > 0) throw new Error(`${missing[0]}: in the manifest, not in the archive`);
  return manifest;
}

/** rename, or copy and remove when `from` and `to` are on different file systems. */
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
    await rm(from, { recursive: true, force: true });
  }
}

/** Puts `staged` (when the snapshot has it) where `target` is; the old one is moved into `trash`. */
async function swap(staged: string | undefined, target: string, trash: string): Promise<void> {
  if (await lstat(target).catch(() => undefined)) {
    await move(target, join(trash, `${(await readdir(trash)).length}`));
  }
  if (staged && (await lstat(staged).catch(() => undefined))) {
    await mkdir(dirname(target), { recursive: true });
    await move(staged, target);
  }
}

async function putBack(
  staging: string,
  places: SnapshotPlaces,
  logFile: string,
  restored: Manifest,
): Promise<void> {
  const trash = join(staging, '.old');
  await mkdir(trash);
  // The database's -wal and -shm belong to the old file: left beside the new one they would be replayed into it.
  for (const side of ['-wal', '-shm']) await swap(undefined, `${places.database}${side}`, trash);
  await swap(join(staging, DATABASE_ENTRY), places.database, trash);
  await swap(join(staging, CONFIG_ENTRY), places.config, trash);
  for (const part of TREE_PARTS) {
    // An older snapshot without pictures leaves them (snapshot-contents.ts, PICTURES_PART).
    if (part === PICTURES_PART && !restored.files.some((entry) => entry.path === PICTURES_PART)) continue;
    await swap(join(staging, part), places[part], trash);
  }
  for (const file of homeStateFiles(places, logFile)) await swap(undefined, file, trash);
  const home = join(staging, HOME_PART);
  for (const name of await readdir(home).catch(() => [] as string[]))
    await swap(join(home, name), join(places.home, name), trash);
}

export async function restoreSnapshot(req: RestoreRequest): Promise<RestoreResult> {
  const t = backupMessages(req.lang);
  if (!existsSync(req.file)) throw new AppError('snapshot_not_found', t.notFound(req.file));
  const running = runningBox(req.places.home);
  if (running)
    throw new AppError(
      'box_running',
      t.restoreWhileRunning(boxRunningError(req.places.home, running, req.lang).message),
    );
  const staging = await mkdtemp(join(req.places.home, RESTORE_STAGING_PREFIX));
  try {
    let restored: Manifest;
    try {
      restored = await unpackChecked(req.file, staging);
    } catch (error) {
      throw new AppError('snapshot_invalid', t.invalid(req.file, describeError(error)), { cause: error });
    }
    const known = MIGRATIONS.at(-1)?.version ?? 0;
    if (restored.schema.database > known)
      throw new AppError(
        'snapshot_invalid',
        t.tooNew(req.file, restored.schema.database, known, restored.aibox_version),
      );
    const before = await createSnapshot({
      places: req.places,
      logFile: req.logFile,
      dir: req.dir,
      reason: 'before-restore',
      keep: req.keep,
      protect: [req.file],
    });
    await putBack(staging, req.places, req.logFile, restored);
    return { restored, before };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
