/**
 * The one list of places no tool may reach, whatever a rule or a person says: Aibox's own
 * secrets in the data dir (config.json and its validated copy .config-cache.json hold the server
 * token, memories.db and the archive the conversations, ai.log what happened) and the user's
 * credential stores. The temp copies an atomic write makes of each (`.config.json.<pid>.….tmp`)
 * are protected like the file. The file tools refuse them (by name, through symlinks and hard
 * links), the command policy denies commands that name them, and the bubblewrap sandbox
 * (commands and MCP servers) does not show them.
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { CONFIG_CACHE_FILE } from '../config/config-cache.js';
import { serviceEnvPath } from '../config/env-file.js';
import { type DataPaths, MCP_OAUTH_DIR } from '../config/paths.js';
import { SKILLS_CACHE_FILE } from '../skills/cache/probe-cache-file.js';
import { SKILL_VECTORS_FILE } from '../skills/meaning/skill-vectors-file.js';
import { LEGACY_MODEL_SKILLS_FILE, PROVENANCE_FILE } from '../skills/provenance.js';
import { SEARCH_DOCS_FILE } from '../skills/search/search-docs-file.js';
import { tempNamePattern } from '../util/atomic-write.js';

/** Credential stores refused wherever they are (a copy of `.ssh` in the workspace still holds keys). */
const CREDENTIAL_NAMES = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.kube',
  '.docker',
  '.password-store',
  '.netrc',
  '.git-credentials',
  '.pgpass',
] as const;

/** Credential stores under the user's home directory (a project's own `.npmrc` elsewhere is ordinary). */
const HOME_SECRETS = [
  ...CREDENTIAL_NAMES,
  '.azure',
  '.npmrc',
  '.pypirc',
  '.cert', // the original Aibox's key file (~/.cert/deepseek.key)
  join('.cargo', 'credentials'),
  join('.cargo', 'credentials.toml'),
  join('.config', 'gcloud'),
  join('.config', 'gh'),
  join('.local', 'share', 'keyrings'),
] as const;

/**
 * Sockets of services that act for the host (D-Bus, systemd, Docker, containerd, the user's
 * agents): a read-only bind does not stop connecting to a socket, so the sandbox hides them.
 */
export const HOST_SOCKETS = [
  '/run/dbus',
  '/var/run/dbus',
  '/run/systemd/private',
  '/run/systemd/journal',
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/containerd',
  '/run/podman',
  '/run/user',
  '/run/snapd.socket',
] as const;

export interface ProtectedPlaces {
  /** Files protected together with every sibling whose name starts with theirs (`memories.db-wal`, `ai.log.1`). */
  filePrefixes: string[];
  /** Files and directories protected with everything under them. */
  places: string[];
}

/** The data paths that matter here; `config` is the config file actually loaded (`--config`). */
export type ProtectedDataPaths = Pick<
  DataPaths,
  'home' | 'config' | 'database' | 'log' | 'archive' | 'mcpTrust' | 'prompts' | 'clientKey'
>;

export function protectedPlaces(paths: ProtectedDataPaths, home: string): ProtectedPlaces {
  return {
    filePrefixes: [paths.config, paths.database, paths.log],
    places: [
      paths.archive,
      join(paths.home, SKILLS_CACHE_FILE),
      join(paths.home, SEARCH_DOCS_FILE),
      join(paths.home, SKILL_VECTORS_FILE),
      join(paths.home, CONFIG_CACHE_FILE), // a copy of config.json
      // Who made each skill and what a person approved: the model must not rewrite its own record.
      join(paths.home, PROVENANCE_FILE),
      join(paths.home, LEGACY_MODEL_SKILLS_FILE),
      paths.mcpTrust,
      // MCP servers' OAuth tokens.
      join(paths.home, MCP_OAUTH_DIR),
      paths.clientKey, // answers approvals: only people's clients may read it
      serviceEnvPath(paths.home), // the service's model key and channel secrets
      ...HOME_SECRETS.map((p) => join(home, p)),
    ],
  };
}

/** Whether `path` is `root` or inside it (both absolute and normalised). */
export function isWithin(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/** The names in each directory, read once per call (rotated logs, SQLite's -wal/-shm, temp copies). */
function namesIn(dirs: Iterable<string>): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const dir of dirs) {
    if (names.has(dir)) continue;
    try {
      names.set(dir, readdirSync(dir));
    } catch {
      names.set(dir, []);
    }
  }
  return names;
}

/** SQLite's companions of a file, named even before they exist. */
const sqliteCompanions = (file: string) => [file, `${file}-wal`, `${file}-shm`];

/** True when `name` (in the same directory) is a temp copy an atomic write makes of `file`. */
const isTempCopyName = (name: string, file: string) => tempNamePattern(file).test(name);

/**
 * Every protected path as a list: as they exist now and as the policy should name them even
 * when they do not exist yet (the policy checks names; the sandbox can hide only what exists).
 */
export function protectedPaths(paths: ProtectedDataPaths, home: string): string[] {
  const { filePrefixes, places } = protectedPlaces(paths, home);
  const listed = namesIn([...filePrefixes, ...places].map((file) => dirname(file)));
  const existing = (file: string, keep: (name: string) => boolean) =>
    (listed.get(dirname(file)) ?? []).filter(keep).map((name) => join(dirname(file), name));
  const files = filePrefixes.flatMap((file) => [
    ...sqliteCompanions(file),
    ...existing(file, (name) => name.startsWith(basename(file))),
  ]);
  const temps = [...filePrefixes, ...places].flatMap((file) =>
    existing(file, (name) => isTempCopyName(name, file)),
  );
  return [...new Set([...files, ...places, ...temps])];
}

/** True when `path` (absolute, normalised) names a protected place by its name or where it is. */
function namedProtected(path: string, protect: ProtectedPlaces): boolean {
  const names: readonly string[] = CREDENTIAL_NAMES;
  if (path.split(sep).some((part) => names.includes(part))) return true;
  if (protect.places.some((place) => isWithin(path, place))) return true;
  const sameDir = (file: string) => dirname(path) === dirname(file);
  if (protect.filePrefixes.some((file) => sameDir(file) && basename(path).startsWith(basename(file))))
    return true;
  return [...protect.filePrefixes, ...protect.places].some(
    (file) => sameDir(file) && isTempCopyName(basename(path), file),
  );
}

/** The inodes of the protected files that exist now (a hard link elsewhere has the same one). */
function protectedInodes(protect: ProtectedPlaces): Set<string> {
  const inodes = new Set<string>();
  for (const candidate of protect.filePrefixes.flatMap(sqliteCompanions)) {
    try {
      const info = statSync(candidate);
      inodes.add(`${info.dev}:${info.ino}`);
    } catch {
      // Not there: nothing to link to.
    }
  }
  return inodes;
}

/** True when any of `paths` (absolute, normalised) is protected, or is the same file as one (hard link). */
export function isProtectedPath(paths: string[], protect: ProtectedPlaces): boolean {
  const unique = [...new Set(paths)];
  if (unique.some((path) => namedProtected(path, protect))) return true;
  // Only a file with several links can be another name of a protected file: the common case costs one stat.
  const linked = unique.flatMap((path) => {
    try {
      const info = statSync(path);
      return info.isFile() && info.nlink > 1 ? [`${info.dev}:${info.ino}`] : [];
    } catch {
      return [];
    }
  });
  if (linked.length === 0) return false;
  const inodes = protectedInodes(protect);
  return linked.some((inode) => inodes.has(inode));
}
