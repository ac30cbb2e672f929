/**
 * The places commands must never reach: Aibox's own secrets in the data dir and the user's
 * credential stores. The policy denies commands that name them; the sandbox hides them.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import { SKILLS_CACHE_FILE } from '../skills/probe-cache-file.js';

/** Credential stores under the user's home directory. */
export const HOME_SECRETS = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.kube',
  '.docker',
  '.netrc',
  '.git-credentials',
  '.npmrc',
  '.pypirc',
  '.password-store',
  '.cert', // the original Aibox's key file (~/.cert/deepseek.key)
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

/** Files in a directory whose names start with `prefix` (rotated logs, SQLite's -wal/-shm). */
function siblingsWithPrefix(file: string): string[] {
  const dir = dirname(file);
  const prefix = basename(file);
  try {
    return readdirSync(dir)
      .filter((name) => name.startsWith(prefix))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

/**
 * Every protected path, as they exist now and as the policy should name them even when they do
 * not exist yet (the policy checks names; the sandbox can hide only what exists).
 */
export function protectedPaths(paths: DataPaths, home: string): string[] {
  const data = [
    paths.config,
    paths.database,
    `${paths.database}-wal`,
    `${paths.database}-shm`,
    paths.log,
    paths.archive,
    join(paths.home, SKILLS_CACHE_FILE),
    paths.mcpTrust,
  ];
  const found = [...siblingsWithPrefix(paths.database), ...siblingsWithPrefix(paths.log)];
  return [...new Set([...data, ...found, ...HOME_SECRETS.map((p) => join(home, p))])];
}

/** Whether `path` is `root` or inside it (both absolute and normalised). */
export function isWithin(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);
}
