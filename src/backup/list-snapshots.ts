/** The snapshot files of a folder, newest first, each with its manifest (or why it cannot be read). */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError } from '../errors.js';
import { type Manifest, readManifest } from './manifest.js';

/** `aibox-<time>-<reason>[-n].tar.gz`: the names createSnapshot gives (its time sorts as text). */
export const SNAPSHOT_NAME = /^aibox-\d{4}-\d\d-\d\dT[\d-]+Z-[a-z-]+?(-\d+)?\.tar\.gz$/;

export interface ListedSnapshot {
  file: string;
  name: string;
  bytes: number;
  manifest?: Manifest;
  /** Why the manifest could not be read (a damaged or cut-short file). */
  problem?: string;
}

/** Snapshot file names in `dir`, newest first (no file is opened). */
export async function snapshotFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => join(dir, name));
}

export async function listSnapshots(dir: string): Promise<ListedSnapshot[]> {
  const listed: ListedSnapshot[] = [];
  for (const file of await snapshotFiles(dir)) {
    const name = file.slice(dir.length + 1);
    const bytes = (await stat(file).catch(() => undefined))?.size ?? 0;
    try {
      listed.push({ file, name, bytes, manifest: await readManifest(file) });
    } catch (error) {
      listed.push({ file, name, bytes, problem: describeError(error) });
    }
  }
  return listed;
}
