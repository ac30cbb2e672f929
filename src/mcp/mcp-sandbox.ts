/**
 * stdio MCP servers run in the command sandbox when there is one: the same view (read-only
 * system, private /tmp and $HOME, no data dir), own PID namespace and death with the server as `run_command`.
 * What the user named in the server's configuration (existing absolute directories among its
 * arguments, and its cwd) is bound read-write, since that is what such servers are for
 * (server-filesystem's allowed folders); npm's cache gets a writable home of its own so `npx`
 * servers start. Own network namespace; outbound access with `safety.network` (sandbox-network.ts).
 */
import { existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { HOST_SOCKETS, isWithin, protectedPaths } from '../safety/protected-paths.js';
import { bwrapMounts, type SandboxStatus, sandboxSpawn } from '../safety/sandbox/sandbox.js';
import { SYSTEM_DIRS } from '../safety/sandbox/sandbox-view.js';
import type { McpLaunch, WrapMcpLaunch } from './launch.js';

const realpathOr = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

interface McpSandboxOptions {
  safety: Config['safety'];
  sandbox: SandboxStatus;
  paths: DataPaths;
  home: string;
  workspace: string;
  skillsDir: string;
}

/**
 * Where a program file the user named lives, as the directory to show read-only: for a file
 * under /tmp the top directory under /tmp holding it; elsewhere the outermost directory above it
 * that holds a `node_modules` (so the packages a server imports are found, hoisted ones too),
 * else the file's own directory. Never `/`, the user's home or a directory holding the data dir
 * (then the file alone).
 */
function programPlace(file: string, home: string, dataDir: string): string {
  if (isWithin(file, '/tmp')) return join('/tmp', file.slice('/tmp/'.length).split('/')[0] ?? '');
  const tooWide = (dir: string) => dir === '/' || isWithin(home, dir) || isWithin(dataDir, dir);
  let place: string | undefined;
  for (let dir = dirname(file); !tooWide(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'node_modules'))) place = dir;
  if (place) return place;
  return tooWide(dirname(file)) ? file : dirname(file);
}

/**
 * What the user named in the server's entry: existing directories (bound read-write) and, for
 * files outside the system directories (the program, its script), the place holding them
 * (`programPlace`, at the real path and at the path as written), kept visible read-only so the
 * program and its packages are found.
 */
function namedPaths(
  launch: McpLaunch,
  home: string,
  dataDir: string,
): { dirs: string[]; readable: string[] } {
  const dirs: string[] = [];
  const readable: string[] = [];
  for (const candidate of [launch.command, ...launch.args, ...(launch.cwd ? [launch.cwd] : [])]) {
    if (!isAbsolute(candidate)) continue;
    try {
      const real = realpathSync(candidate);
      if (statSync(real).isDirectory()) {
        if (candidate !== launch.command) dirs.push(real);
      } else if (!SYSTEM_DIRS.some((dir) => isWithin(real, dir))) {
        const places = [programPlace(real, home, dataDir)];
        // Named through a symlink (`~/mcp → /srv/mcp`): the path as written must resolve too.
        if (real !== candidate) places.push(programPlace(resolve(candidate), home, dataDir));
        for (const place of places) {
          readable.push(place);
          // A linked node_modules (a shared install, a git worktree): its packages are found where it points.
          const modules = realpathOr(join(place, 'node_modules'));
          if (modules !== join(place, 'node_modules') && existsSync(modules)) readable.push(modules);
        }
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
      home: options.home,
      dataDirs: [options.paths.home, options.paths.prompts],
      hidden,
      network: options.safety.network ? options.sandbox.stack : undefined,
    };
    const cwd = launch.cwd ?? options.workspace;
    const named = namedPaths(launch, realpathOr(options.home), realpathOr(options.paths.home));
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
