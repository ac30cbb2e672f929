import { mkdirSync } from 'node:fs';
import { privateDir } from '../util/private-files.js';
import type { DataPaths } from './paths.js';

/**
 * Creates the data directory (0700: it holds the token, memories and logs) and its
 * sub-directories (first use). Idempotent. Returns true when an existing home was
 * readable by others and has been tightened to 0700 (worth a notice).
 */
export function prepareDataDir(paths: DataPaths): boolean {
  const tightened = privateDir(paths.home);
  for (const dir of [paths.skills, paths.prompts, paths.archive, paths.toolResults, paths.workspace]) {
    mkdirSync(dir, { recursive: true });
  }
  return tightened;
}
