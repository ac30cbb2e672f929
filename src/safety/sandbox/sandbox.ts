/**
 * The bubblewrap sandbox of `run_command`: only what a task needs is shown (`sandbox-view.ts`:
 * system dirs read-only, the workspace and a private /tmp and $HOME writable, the skills dir
 * read-only, the data dir absent), its own PID/IPC/UTS namespaces (so no command can read the
 * server's /proc/…/environ), killed with its parent, and its own network namespace: loopback only,
 * or with `safety.network` outbound access through slirp4netns without the host's loopback
 * (sandbox-network.ts).
 */
import { setenvArgs } from './sandbox-env.js';
import { type NetworkStack, networkMounts, withNetwork } from './sandbox-network.js';
import { type SandboxViewLayout, sandboxViewArgs } from './sandbox-view.js';

export interface SandboxLayout extends SandboxViewLayout {
  /** The stack serving the namespace's network; none: loopback only. */
  network?: NetworkStack;
}

/** What start-up found: bwrap works, was switched off, or cannot run here (and why). */
export interface SandboxStatus {
  kind: 'bwrap' | 'off' | 'unavailable';
  /** Why it is unavailable (bwrap's own message). */
  reason?: string;
  /** Absolute path of bwrap and its `--version` (when it works). */
  program?: string;
  version?: string;
  /** Commands have outbound network access (through `stack`). */
  network: boolean;
  /** What serves the sandbox's network when `network` is true. */
  stack?: NetworkStack;
  /** `safety.network` is on but commands get none: why (e.g. slirp4netns is missing). */
  networkOff?: string;
}

/** How to start the sandbox for `argv` (after `bwrap`): bwrap itself, or through the network launch. */
export function sandboxSpawn(
  status: Pick<SandboxStatus, 'program' | 'stack'>,
  argv: readonly string[],
): { command: string; args: string[] } {
  const bwrap = status.program ?? 'bwrap';
  return status.stack ? withNetwork(status.stack, bwrap, argv) : { command: bwrap, args: [...argv] };
}

/**
 * The argv (after `bwrap`) that runs `/bin/sh -c command` in `cwd` inside the sandbox, with
 * `env` (the model's variables) set for the command only (`--setenv`), never for bwrap itself.
 */
export function bwrapArgs(
  layout: SandboxLayout,
  command: string,
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): string[] {
  return [...bwrapMounts(layout, cwd, [], [], env), '/bin/sh', '-c', command];
}

/**
 * The argv (after `bwrap`) up to and including `--`: the program and its arguments follow.
 * `writable` are extra directories bound read-write (e.g. the ones a user named in an MCP
 * server's configuration); the workspace always is. `readable` are directories under /tmp to keep
 * visible (read-only) in spite of the private /tmp.
 */
export function bwrapMounts(
  layout: SandboxLayout,
  cwd: string,
  writable: readonly string[] = [],
  readable: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): string[] {
  const args = sandboxViewArgs(layout, { writable, readable });
  args.push(...networkMounts(layout.network));
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-net', '--new-session');
  args.push('--die-with-parent', ...setenvArgs(env));
  args.push('--chdir', cwd, '--');
  return args;
}

/**
 * Unsandboxed commands run under a small guard: it keeps the read end of a pipe only the server
 * writes to, and kills the command's whole process group when that pipe closes, i.e. when the
 * command's run is over or the server died (even by SIGKILL). stdin of the command is /dev/null.
 */
export function guardedShellArgs(command: string): string[] {
  const guard =
    'exec 3<&0 </dev/null; ( read _ <&3; kill -KILL 0 ) >/dev/null 2>&1 & exec 3<&-; exec /bin/sh -c "$0"';
  return ['-c', guard, command];
}
