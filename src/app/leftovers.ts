/**
 * What a killed process (`kill -9`, power loss) leaves behind and a start removes:
 * half-copied skill installs (`.install-*` in the skills dir) and uploaded skill files
 * (`aibox-upload-*` in the system temp dir). Only entries last changed before this
 * process started are removed, so a concurrent install or upload of another running
 * Aibox is never touched.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALL_STAGING_PREFIX } from '../skills/install.js';

/** Prefix of the private temp dir an uploaded skill file is written to (server/api). */
export const UPLOAD_DIR_PREFIX = 'aibox-upload-';

/** When this process started (ms since the epoch). */
function processStartMs(): number {
  return Date.now() - process.uptime() * 1000;
}

async function removeOlder(dir: string, prefix: string, beforeMs: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
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
  skillsDir: string,
  options: { beforeMs?: number; tempDir?: string } = {},
): Promise<string[]> {
  const beforeMs = options.beforeMs ?? processStartMs();
  return [
    ...(await removeOlder(skillsDir, INSTALL_STAGING_PREFIX, beforeMs)),
    ...(await removeOlder(options.tempDir ?? tmpdir(), UPLOAD_DIR_PREFIX, beforeMs)),
  ];
}
