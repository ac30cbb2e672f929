/**
 * The roots the box's MCP client offers one server (`roots/list`): the workspace dir, and for a
 * stdio server the existing directories its own entry names (absolute arguments, its cwd). A
 * server such as server-filesystem takes the client's roots *instead of* its command-line
 * folders, so offering the workspace alone would take away the folders the user gave it; the
 * named ones are exposed to that server already.
 */
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import type { McpServerConfig } from '../config/schema.js';

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export function rootsOf(config: McpServerConfig, workspace: string, cwd: string | undefined): string[] {
  const named = 'command' in config ? [...config.args, ...(cwd ? [cwd] : [])] : [];
  const dirs = named.filter((arg) => isAbsolute(arg) && isDirectory(arg));
  return [...new Set([workspace, ...dirs])];
}
