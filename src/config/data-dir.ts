import { mkdirSync } from 'node:fs';
import type { DataPaths } from './paths.js';

/** Creates the data directory and its sub-directories (first use). Idempotent. */
export function prepareDataDir(paths: DataPaths): void {
  for (const dir of [
    paths.home,
    paths.skills,
    paths.prompts,
    paths.archive,
    paths.toolResults,
    paths.workspace,
  ]) {
    mkdirSync(dir, { recursive: true });
  }
}
