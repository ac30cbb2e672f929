/**
 * stdio MCP servers run in the command sandbox when there is one: the same read-only system,
 * private /tmp, hidden secrets, own PID namespace and death with the server as `run_command`.
 * What the user named in the server's configuration (existing absolute directories among its
 * arguments, and its cwd) is bound read-write, since that is what such servers are for
 * (server-filesystem's allowed folders); npm's cache gets a writable home of its own so `npx`
 * servers start. Own network namespace; outbound access with `safety.network` (sandbox-network.ts).
 */
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { McpLaunch, WrapMcpLaunch } from '../mcp/launch.js';
import { HOST_SOCKETS, protectedPaths } from './protected-paths.js';
import { bwrapMounts, type SandboxStatus, sandboxSpawn } from './sandbox.js';

interface McpSandboxOptions {
  safety: Config['safety'];
  sandbox: SandboxStatus;
  paths: DataPaths;
  home: string;
  workspace: string;
  skillsDir: string;
}

/**
 * What the user named in the server's entry: existing directories (bound read-write) and, for
 * files under /tmp (the program, its script), the top directory under /tmp holding them, kept
 * visible read-only so the program and its packages are found despite the private /tmp.
 */
function namedPaths(launch: McpLaunch): { dirs: string[]; readable: string[] } {
  const dirs: string[] = [];
  const readable: string[] = [];
  for (const candidate of [launch.command, ...launch.args, ...(launch.cwd ? [launch.cwd] : [])]) {
    if (!isAbsolute(candidate)) continue;
    try {
      const real = realpathSync(candidate);
      if (statSync(real).isDirectory()) {
        if (candidate !== launch.command) dirs.push(real);
      } else if (real.startsWith('/tmp/')) {
        readable.push(join('/tmp', real.slice('/tmp/'.length).split('/')[0] ?? ''));
      }
    } catch {
      // Not a path that exists: an ordinary argument.
    }
  }
  return { dirs, readable: [...new Set(readable)] };
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
      network: options.safety.network ? options.sandbox.stack : undefined,
    };
    const cwd = launch.cwd ?? options.workspace;
    const named = namedPaths(launch);
    const spawn = sandboxSpawn({ program: options.sandbox.program, stack: layout.network }, [
      ...bwrapMounts(layout, cwd, [...named.dirs, npmCache], named.readable),
      launch.command,
      ...launch.args,
    ]);
    return {
      ...spawn,
      env: { npm_config_cache: npmCache, ...launch.env },
      cwd,
    };
  };
}
