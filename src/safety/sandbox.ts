/**
 * The bubblewrap sandbox of `run_command`: the whole file system read-only, the workspace and a
 * private /tmp writable, the skills dir read-only, secrets hidden, its own PID/IPC/UTS namespaces
 * (so no command can read the server's /proc/…/environ), killed with its parent, and the network
 * off when `safety.network` is false.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { isWithin } from './protected-paths.js';

interface SandboxLayout {
  /** Bound read-write; absent: nothing is writable but the private /tmp (skill probes). */
  workspace?: string;
  skillsDir: string;
  /** Paths hidden inside the sandbox (secrets); the ones that do not exist are skipped. */
  hidden: readonly string[];
  network: boolean;
  /**
   * Aibox's own places (the data dir, the skills and prompts dirs): bound back read-only when the
   * workspace holds them (a workspace configured as `~` holds `~/.aibox`). A workspace that is
   * itself one of them stays writable (it was configured so).
   */
  readOnly?: readonly string[];
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
 * visible (read-only) in spite of the private /tmp (elsewhere everything is visible read-only).
 */
export function bwrapMounts(
  layout: SandboxLayout,
  cwd: string,
  writable: readonly string[] = [],
  readable: readonly string[] = [],
): string[] {
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp'];
  // Bound back read-only under the fresh /tmp before the writable binds, which may lie inside them.
  for (const dir of readable) if (isWithin(dir, '/tmp')) args.push('--ro-bind', dir, dir);
  const workspace = layout.workspace;
  if (workspace) args.push('--bind', workspace, workspace);
  if (existsSync(layout.skillsDir) && !(workspace && isWithin(workspace, layout.skillsDir)))
    args.push('--ro-bind', layout.skillsDir, layout.skillsDir);
  for (const place of layout.readOnly ?? []) {
    if (workspace && place !== workspace && isWithin(place, workspace) && existsSync(place))
      args.push('--ro-bind', place, place);
  }
  // After them: a directory the user named for an MCP server stays writable even inside one.
  for (const dir of writable) if (!(workspace && isWithin(dir, workspace))) args.push('--bind', dir, dir);
  // bwrap mounts on real paths (through a symlink such as /var/run it cannot create the mount point).
  const real = new Set<string>();
  for (const path of layout.hidden) {
    try {
      real.add(realpathSync(path));
    } catch {
      // Absent: nothing to hide.
    }
  }
  for (const path of real) {
    // Under the fresh /tmp only what was bound back in is visible.
    const visible =
      !isWithin(path, '/tmp') ||
      (workspace !== undefined && isWithin(path, workspace)) ||
      isWithin(path, layout.skillsDir) ||
      writable.some((dir) => isWithin(path, dir));
    if (!visible) continue;
    if (statSync(path).isDirectory()) args.push('--tmpfs', path);
    else args.push('--ro-bind', '/dev/null', path);
  }
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
