/**
 * What a killed process (`kill -9`, power loss) leaves behind and a start removes:
 * half-copied skill installs (`.install-*` in the skills dir), the old folder of a `--force`
 * reinstall (`.replaced-<name>-*`), uploaded skill files (`aibox-upload-*` in the system temp
 * dir), the temp copies of atomic writes (`.NAME.<pid>.….tmp`: copies of the token and keys) in
 * the data dir, the config file's dir, the skills, prompts, archive and tool-results dirs, and a
 * killed snapshot's or restore's staging folder and half-written archive (`src/backup`). Only
 * entries last changed before this process started are removed, so a concurrent install or
 * upload of another running Aibox is never touched.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  RESTORE_STAGING_PREFIX,
  SNAPSHOT_DIR_NAME,
  SNAPSHOT_STAGING_PREFIX,
  SNAPSHOT_TEMP,
} from '../backup/snapshot-contents.js';
import type { DataPaths } from '../config/paths.js';
import { INSTALL_STAGING_PREFIX } from '../skills/install/install.js';
import { REPLACED_PREFIX } from '../skills/install/install-folder.js';
import { ANY_TEMP_NAME } from '../util/atomic-write.js';

/** Prefix of the private temp dir an uploaded skill file is written to (server/api). */
export const UPLOAD_DIR_PREFIX = 'aibox-upload-';

/** When this process started (ms since the epoch). */
function processStartMs(): number {
  return Date.now() - process.uptime() * 1000;
}

async function removeOlder(
  dir: string,
  matches: (name: string) => boolean,
  beforeMs: number,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!matches(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info || info.mtimeMs >= beforeMs) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    removed.push(path);
  }
  return removed;
}

/** Removes the leftovers; returns the paths removed (for the log). */
export async function removeLeftovers(
  paths: Pick<DataPaths, 'home' | 'skills' | 'config' | 'prompts' | 'archive' | 'toolResults'>,
  options: { beforeMs?: number; tempDir?: string } = {},
): Promise<string[]> {
  const beforeMs = options.beforeMs ?? processStartMs();
  const prefixed = (prefix: string) => (name: string) => name.startsWith(prefix);
  const tempCopy = (name: string) => ANY_TEMP_NAME.test(name);
  const snapshotWork = (name: string) => name.startsWith(SNAPSHOT_STAGING_PREFIX) || SNAPSHOT_TEMP.test(name);
  const removed = [
    ...(await removeOlder(paths.skills, prefixed(INSTALL_STAGING_PREFIX), beforeMs)),
    ...(await removeOlder(paths.skills, prefixed(REPLACED_PREFIX), beforeMs)),
    ...(await removeOlder(options.tempDir ?? tmpdir(), prefixed(UPLOAD_DIR_PREFIX), beforeMs)),
    ...(await removeOlder(paths.home, prefixed(RESTORE_STAGING_PREFIX), beforeMs)),
    ...(await removeOlder(join(paths.home, SNAPSHOT_DIR_NAME), snapshotWork, beforeMs)),
  ];
  const tempDirs = [
    paths.home,
    dirname(paths.config),
    paths.skills,
    paths.prompts,
    paths.archive,
    paths.toolResults,
  ];
  for (const dir of new Set(tempDirs)) removed.push(...(await removeOlder(dir, tempCopy, beforeMs)));
  return removed;
}
