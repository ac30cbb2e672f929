/** How model-given paths are resolved against the workspace (config/workspace-dir.ts says where it is). */
import { mkdir, stat } from 'node:fs/promises';
import { expandPath } from '../../config/paths.js';
import type { Lang } from '../../i18n/lang.js';
import { commonMessages } from '../messages.js';

/** A model-given path: `~` expanded, relative paths resolved against the workspace. */
export function resolveToolPath(path: string, workspace: string): string {
  return expandPath(path.trim() || '.', workspace);
}

/** Creates the workspace on first use (it is ours); other directories must exist. */
export async function ensureWorkspace(workspace: string): Promise<void> {
  await mkdir(workspace, { recursive: true });
}

/** undefined when `dir` is an existing directory, else a message saying what is wrong. */
export async function checkDirectory(dir: string, lang: Lang): Promise<string | undefined> {
  const m = commonMessages(lang);
  try {
    const info = await stat(dir);
    return info.isDirectory() ? undefined : m.notADir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return m.dirMissing(dir);
    return describeFsError(error, dir, lang);
  }
}

/** A readable zh/en message for a failed fs call on `path`. */
export function describeFsError(error: unknown, path: string, lang: Lang): string {
  const m = commonMessages(lang);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return m.fileMissing(path);
  if (code === 'EACCES' || code === 'EPERM') return m.permissionDenied(path);
  if (code === 'ENOTDIR') return m.notADir(path);
  return m.fsError(path, error instanceof Error ? error.message : String(error));
}
