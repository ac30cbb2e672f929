/** Where tools work and chat files are saved: the workspace dir of the config. */
import { type DataPaths, expandPath } from './paths.js';
import type { Config } from './schema.js';

/** `tools.workspace_dir` (relative to AIBOX_HOME, `~` expanded), else `AIBOX_HOME/workspace`. */
export function workspaceDir(config: Config, paths: DataPaths): string {
  const configured = config.tools.workspace_dir.trim();
  return configured ? expandPath(configured, paths.home) : paths.workspace;
}
