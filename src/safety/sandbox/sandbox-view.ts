/**
 * What the sandbox shows, as bubblewrap mount arguments: an allow-list on an empty, read-only
 * root, not the host's file system with holes.
 *
 * - System directories read-only (`SYSTEM_DIRS`; the ones that are symlinks, such as Debian's
 *   `/bin → usr/bin`, stay symlinks), with `/etc`'s secrets replaced by empty files or
 *   directories: the shadow files, sudoers, SSH host keys and the like (`ETC_SECRETS`), and every
 *   entry of `/etc` that other users may not read (the system's own mark of a secret).
 * - From `/run` only what name resolution needs (`/etc/resolv.conf`'s target when it lies there).
 * - Fresh `/dev`, `/proc`; private, empty `/tmp` and `$HOME` (tmpfs, thrown away): other apps'
 *   config, shell history and credentials under `~` are not there.
 * - Bound back in: the directories of `$PATH` that lie in `$HOME` (read-only: `~/.pyenv`,
 *   `~/.cargo`, `~/.nvm` …, for `~/.local` only its `bin` and `lib`), the workspace read-write,
 *   the skills dir read-only, and what the caller adds (an MCP server's named directories).
 * - Aibox's data dir (AIBOX_HOME: config, tool results of every session, chats, the database)
 *   and the prompts dir are absent, apart from the workspace and skills dir inside them; the
 *   protected paths are hidden wherever they would still be visible.
 *
 * Mounts apply in order, a later one over an earlier: entries are emitted shallowest path first,
 * so a directory bound inside a hidden one (the workspace inside AIBOX_HOME) is visible again,
 * and a hidden one inside a bound one (AIBOX_HOME inside a workspace that is `~`) is hidden.
 */
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { delimiter, join, sep } from 'node:path';
import { isWithin } from '../protected-paths.js';

/** System directories shown read-only (those that exist). */
export const SYSTEM_DIRS = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/nix/store',
] as const;

/** Secrets of `/etc` hidden by name, whatever their mode (SSH host keys are found by pattern). */
const ETC_SECRETS = [
  '/etc/shadow',
  '/etc/shadow-',
  '/etc/gshadow',
  '/etc/gshadow-',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/security/opasswd',
  '/etc/ssl/private',
  '/etc/pki/tls/private',
  '/etc/letsencrypt',
  '/etc/krb5.keytab',
  '/etc/NetworkManager/system-connections',
  '/etc/wpa_supplicant',
  '/etc/wireguard',
  '/etc/ipsec.secrets',
  '/etc/ppp/chap-secrets',
  '/etc/ppp/pap-secrets',
  '/etc/mysql/debian.cnf',
] as const;

const SSH_HOST_KEY = /^ssh_host_.*_key$/;

/** Entries of /etc read at most this deep for unreadable-by-others files (a deeper one is rare). */
const ETC_DEPTH = 6;

export interface SandboxViewLayout {
  /** Bound read-write; absent: nothing is writable but the private /tmp and $HOME (skill probes). */
  workspace?: string;
  skillsDir: string;
  /** The user's home: shown empty apart from what is bound into it. */
  home: string;
  /** Aibox's own places (AIBOX_HOME, the prompts dir): absent apart from what is bound into them. */
  dataDirs: readonly string[];
  /** Paths hidden wherever they would still be visible (protected files, host sockets). */
  hidden: readonly string[];
}

export interface SandboxViewExtras {
  /** Bound read-write (an MCP server's named directories, its npm cache). */
  writable?: readonly string[];
  /** Bound read-only, under /tmp too in spite of the private /tmp (an MCP server's program). */
  readable?: readonly string[];
  /** `$PATH` whose directories under `$HOME` are bound read-only (default: this process's). */
  path?: string;
}

type Mount =
  | { kind: 'ro' | 'rw'; path: string }
  | { kind: 'symlink'; path: string; target: string }
  | { kind: 'tmpfs' | 'dev' | 'proc'; path: string }
  /** Hidden: an empty tmpfs for a directory, /dev/null for a file. */
  | { kind: 'hide'; path: string };

const realOrUndefined = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

let etcSecretsOnce: string[] | undefined;

/** Whether an entry of /etc (its dir, name, mode) is a secret. */
const isEtcSecret = (dir: string, name: string, mode: number) =>
  (mode & 0o004) === 0 || (dir === '/etc/ssh' && SSH_HOST_KEY.test(name));

/** `/etc`'s secrets as they exist (read once per process: /etc changes rarely, and reading it costs). */
function etcSecrets(): string[] {
  if (etcSecretsOnce) return etcSecretsOnce;
  const found = new Set<string>(ETC_SECRETS.filter((path) => existsSync(path)));
  const walk = (dir: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let info: ReturnType<typeof lstatSync>;
      try {
        info = lstatSync(path);
      } catch {
        continue;
      }
      if (info.isSymbolicLink()) continue; // its target is shown or not on its own
      if (isEtcSecret(dir, name, info.mode)) found.add(path);
      else if (info.isDirectory() && depth < ETC_DEPTH) walk(path, depth + 1);
    }
  };
  walk('/etc', 1);
  etcSecretsOnce = [...found];
  return etcSecretsOnce;
}

/**
 * Reads /etc's secrets off the main thread (≈15 ms of file system calls for ~1,200 entries):
 * start-up's sandbox probe awaits it, so no command later pays it on the main thread.
 */
export async function prepareSandboxView(): Promise<void> {
  if (etcSecretsOnce) return;
  const found = new Set<string>(ETC_SECRETS.filter((path) => existsSync(path)));
  const walk = async (dir: string, depth: number): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        const info = await lstat(path).catch(() => undefined);
        if (!info || info.isSymbolicLink()) return;
        if (isEtcSecret(dir, name, info.mode)) found.add(path);
        else if (info.isDirectory() && depth < ETC_DEPTH) await walk(path, depth + 1);
      }),
    );
  };
  await walk('/etc', 1);
  etcSecretsOnce ??= [...found];
}

/** What of /run is shown: the target of /etc/resolv.conf when it lies there (systemd-resolved). */
function runAllowList(): string[] {
  const resolv = realOrUndefined('/etc/resolv.conf');
  return resolv && isWithin(resolv, '/run') ? [resolv] : [];
}

/** The directories of `$PATH` inside `home`, as the places to bind (`~/.pyenv` for `~/.pyenv/shims`). */
function homeToolDirs(home: string, path: string): string[] {
  const dirs = new Set<string>();
  for (const entry of path.split(delimiter)) {
    const real = entry.startsWith('/') ? realOrUndefined(entry) : undefined;
    if (!real || real === home || !isWithin(real, home)) continue;
    const top = real.slice(home.length + 1).split(sep)[0] ?? '';
    const places = top === '.local' ? ['bin', 'lib'].map((d) => join(home, '.local', d)) : [join(home, top)];
    for (const place of places) if (existsSync(place)) dirs.add(place);
  }
  return [...dirs];
}

/** The system directories that exist, each as a read-only bind or (a symlink) as the same symlink. */
function systemMounts(): Mount[] {
  const mounts: Mount[] = [];
  for (const path of SYSTEM_DIRS) {
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(path);
    } catch {
      continue;
    }
    if (info.isSymbolicLink()) mounts.push({ kind: 'symlink', path, target: readlinkSync(path) });
    else if (info.isDirectory()) mounts.push({ kind: 'ro', path });
  }
  return mounts;
}

const depth = (path: string) => (path === '/' ? 0 : path.split(sep).length - 1);

function mountArgs(mount: Mount): string[] {
  switch (mount.kind) {
    case 'ro':
      return ['--ro-bind', mount.path, mount.path];
    case 'rw':
      return ['--bind', mount.path, mount.path];
    case 'symlink':
      return ['--symlink', mount.target, mount.path];
    case 'tmpfs':
      return ['--tmpfs', mount.path];
    case 'dev':
      return ['--dev', mount.path];
    case 'proc':
      return ['--proc', mount.path];
    case 'hide':
      try {
        return statSync(mount.path).isDirectory()
          ? ['--tmpfs', mount.path]
          : ['--ro-bind', '/dev/null', mount.path];
      } catch {
        return []; // gone since: nothing to hide
      }
  }
}

/** The bubblewrap arguments that build the view; the root ends read-only. */
export function sandboxViewArgs(layout: SandboxViewLayout, extras: SandboxViewExtras = {}): string[] {
  const home = realOrUndefined(layout.home);
  const workspace = layout.workspace;
  const base: Mount[] = [
    ...systemMounts(),
    ...runAllowList().map((path): Mount => ({ kind: 'ro', path })),
    { kind: 'dev', path: '/dev' },
    { kind: 'proc', path: '/proc' },
    { kind: 'tmpfs', path: '/tmp' },
    ...(home && home !== '/' ? [{ kind: 'tmpfs', path: home } as Mount] : []),
  ];
  const bound: Mount[] = [
    ...(extras.readable ?? []).map((path): Mount => ({ kind: 'ro', path })),
    ...(home ? homeToolDirs(home, extras.path ?? process.env.PATH ?? '') : []).map(
      (path): Mount => ({ kind: 'ro', path }),
    ),
    ...(workspace ? [{ kind: 'rw', path: workspace } as Mount] : []),
    ...(existsSync(layout.skillsDir) && !(workspace && isWithin(workspace, layout.skillsDir))
      ? [{ kind: 'ro', path: layout.skillsDir } as Mount]
      : []),
    ...(extras.writable ?? [])
      .filter((dir) => !(workspace && isWithin(dir, workspace)))
      .map((path): Mount => ({ kind: 'rw', path })),
  ];
  const shown = [...base, ...bound].filter((m) => m.kind === 'ro' || m.kind === 'rw').map((m) => m.path);
  const visible = (path: string) => shown.some((place) => isWithin(path, place));
  // bwrap mounts on real paths (through a symlink such as /var/run it cannot create the mount point).
  const real = (paths: readonly string[]) =>
    [...new Set(paths.map(realOrUndefined).filter((p): p is string => p !== undefined))].filter(visible);
  const absent: Mount[] = real(layout.dataDirs)
    .filter((dir) => dir !== workspace && dir !== layout.skillsDir)
    .map((path) => ({ kind: 'hide', path }));
  const hidden: Mount[] = real([...etcSecrets(), ...layout.hidden]).map((path) => ({ kind: 'hide', path }));
  // Shallowest first, and at one depth in this order: a later mount lies over an earlier one.
  const ordered = [...base, ...bound, ...absent, ...hidden]
    .map((mount, index) => ({ mount, index }))
    .sort((a, b) => depth(a.mount.path) - depth(b.mount.path) || a.index - b.index)
    .map(({ mount }) => mount);
  return [...ordered.flatMap(mountArgs), '--remount-ro', '/'];
}
