/**
 * The bubblewrap sandbox of `run_command`: only what a task needs is shown (`sandbox-view.ts`:
 * system dirs read-only, the workspace and a private /tmp and $HOME writable, the skills dir
 * read-only, the data dir absent), its own PID/IPC/UTS namespaces (so no command can read the
 * server's /proc/…/environ), killed with its parent, and the network off when `safety.network`
 * is false.
 */
import { type SandboxViewLayout, sandboxViewArgs } from './sandbox-view.js';

export interface SandboxLayout extends SandboxViewLayout {
  network: boolean;
}

/** What start-up found: bwrap works, was switched off, or cannot run here (and why). */
export interface SandboxStatus {
  kind: 'bwrap' | 'off' | 'unavailable';
  /** Why it is unavailable (bwrap's own message). */
  reason?: string;
  network: boolean;
}

/** The argv (after `bwrap`) that runs `/bin/sh -c command` in `cwd` inside the sandbox. */
export function bwrapArgs(layout: SandboxLayout, command: string, cwd: string): string[] {
  return [...bwrapMounts(layout, cwd), '/bin/sh', '-c', command];
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
): string[] {
  const args = sandboxViewArgs(layout, { writable, readable });
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--new-session', '--die-with-parent');
  if (!layout.network) args.push('--unshare-net');
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
