import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Every place Aibox reads or writes, derived from one home directory (same layout as the original). */
/** Under the data dir: each HTTP MCP server's OAuth record (src/mcp/oauth-store.ts). */
export const MCP_OAUTH_DIR = 'mcp-oauth';

export interface DataPaths {
  home: string;
  config: string;
  skills: string;
  prompts: string;
  database: string;
  archive: string;
  toolResults: string;
  workspace: string;
  log: string;
  /** Hashes of the MCP tool descriptions a person allowed. */
  mcpTrust: string;
  /** The secret people's clients present (client-key.ts). */
  clientKey: string;
  /** Pictures kept with the conversations, by content hash (src/media/pictures/picture-store.ts). */
  pictures: string;
}

/** `AIBOX_HOME`, else `~/.aibox`. A leading `~` is expanded. */
export function resolveHome(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.AIBOX_HOME?.trim();
  return raw ? expandPath(raw, process.cwd()) : join(homedir(), '.aibox');
}

/** Expands `~` and makes a path absolute relative to `base`. */
export function expandPath(path: string, base: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/')) return join(homedir(), path.slice(2));
  return isAbsolute(path) ? path : resolve(base, path);
}

export function dataPaths(
  home: string,
  overrides: { skillsDir?: string; promptsDir?: string; logFile?: string } = {},
): DataPaths {
  return {
    home,
    config: join(home, 'config.json'),
    skills: overrides.skillsDir ? expandPath(overrides.skillsDir, home) : join(home, 'skills'),
    prompts: overrides.promptsDir ? expandPath(overrides.promptsDir, home) : join(home, 'prompts'),
    database: join(home, 'memories.db'),
    archive: join(home, 'archive'),
    toolResults: join(home, 'tool_results'),
    workspace: join(home, 'workspace'),
    log: overrides.logFile ? expandPath(overrides.logFile, home) : join(home, 'ai.log'),
    mcpTrust: join(home, 'mcp-trust.json'),
    clientKey: join(home, 'client-key'),
    pictures: join(home, 'pictures'),
  };
}
