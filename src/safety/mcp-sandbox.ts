/**
 * stdio MCP servers run in the command sandbox when there is one: the same read-only system,
 * private /tmp, hidden secrets, own PID namespace and death with the server as `run_command`.
 * What the user named in the server's configuration (existing absolute directories among its
 * arguments, and its cwd) is bound read-write, since that is what such servers are for
 * (server-filesystem's allowed folders); npm's cache gets a writable home of its own so `npx`
 * servers start. The network follows `safety.network`.
 */
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { McpLaunch, WrapMcpLaunch } from '../mcp/launch.js';
import { HOST_SOCKETS, protectedPaths } from './protected-paths.js';
import { bwrapMounts, type SandboxStatus } from './sandbox.js';

export interface McpSandboxOptions {
  safety: Config['safety'];
  sandbox: SandboxStatus;
  paths: DataPaths;
  home: string;
  workspace: string;
  skillsDir: string;
}

/** Existing directories the user named, as real paths (arguments may be flags or files too). */
function namedDirectories(launch: McpLaunch): string[] {
  const dirs: string[] = [];
  for (const candidate of [...launch.args, ...(launch.cwd ? [launch.cwd] : [])]) {
    if (!isAbsolute(candidate)) continue;
    try {
      if (statSync(candidate).isDirectory()) dirs.push(realpathSync(candidate));
    } catch {
      // Not a path that exists: an ordinary argument.
    }
  }
  return dirs;
}

export function mcpSandboxLaunch(options: McpSandboxOptions): WrapMcpLaunch {
  if (options.sandbox.kind !== 'bwrap' || options.safety.mode === 'off') return (launch) => launch;
  const npmCache = join(options.paths.home, 'cache', 'npm');
  return (launch) => {
    mkdirSync(npmCache, { recursive: true, mode: 0o700 });
    const hidden = [...protectedPaths(options.paths, options.home), ...HOST_SOCKETS];
    const layout = {
      workspace: options.workspace,
      skillsDir: options.skillsDir,
      hidden,
      network: options.safety.network,
    };
    const cwd = launch.cwd ?? options.workspace;
    return {
      command: 'bwrap',
      args: [
        ...bwrapMounts(layout, cwd, [...namedDirectories(launch), npmCache]),
        launch.command,
        ...launch.args,
      ],
      env: { npm_config_cache: npmCache, ...launch.env },
      cwd,
    };
  };
}
