/**
 * Paths no tool may read or write, whatever a rule or a person says: the data
 * dir's secrets (config.json holds the server token, memories.db the
 * conversations, ai.log what happened) and the usual credential stores of the
 * user's home. Hard links are caught by inode, symlinks by resolving first.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import type { DataPaths } from '../config/paths.js';

/** Directory names that hold credentials wherever they are (`/root/.ssh`, `/home/u/.aws` …). */
const SECRET_DIR_NAMES = new Set(['.ssh', '.gnupg', '.aws', '.kube', '.docker', '.password-store']);
/** File names that hold credentials wherever they are. */
const SECRET_FILE_NAMES = new Set(['.netrc', '.git-credentials', '.pgpass']);

export interface SecretPaths {
  /** Files refused together with every sibling that starts with their name (`memories.db-wal`, `ai.log.1`). */
  filePrefixes: string[];
  /** Directories refused with everything under them. */
  dirs: string[];
}

export function secretPathsOf(
  paths: Pick<DataPaths, 'config' | 'database' | 'log'>,
  userHome = homedir(),
): SecretPaths {
  return {
    filePrefixes: [paths.config, paths.database, paths.log],
    dirs: [join(userHome, '.config', 'gcloud'), join(userHome, '.local', 'share', 'keyrings')],
  };
}

const under = (path: string, dir: string) =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);

/** True when `path` (absolute, normalised) names a secret by its name or place. */
function namedSecret(path: string, secrets: SecretPaths): boolean {
  if (path.split(sep).some((part) => SECRET_DIR_NAMES.has(part))) return true;
  if (SECRET_FILE_NAMES.has(basename(path))) return true;
  if (secrets.dirs.some((dir) => under(path, dir))) return true;
  return secrets.filePrefixes.some(
    (file) => dirname(path) === dirname(file) && basename(path).startsWith(basename(file)),
  );
}

/** The inodes of the secret files that exist now (a hard link elsewhere has the same one). */
function secretInodes(secrets: SecretPaths): Set<string> {
  const inodes = new Set<string>();
  for (const file of secrets.filePrefixes) {
    for (const candidate of [file, `${file}-wal`, `${file}-shm`]) {
      try {
        const info = statSync(candidate);
        inodes.add(`${info.dev}:${info.ino}`);
      } catch {
        // Not there: nothing to link to.
      }
    }
  }
  return inodes;
}

/** True when any of `paths` is a secret, or is the same file as one (hard link). */
export function isSecretPath(paths: string[], secrets: SecretPaths): boolean {
  const unique = [...new Set(paths)];
  if (unique.some((path) => namedSecret(path, secrets))) return true;
  // Only a file with several links can be another name of a secret: the common case costs one stat.
  const linked = unique.flatMap((path) => {
    try {
      const info = statSync(path);
      return info.isFile() && info.nlink > 1 ? [`${info.dev}:${info.ino}`] : [];
    } catch {
      return [];
    }
  });
  if (linked.length === 0) return false;
  const inodes = secretInodes(secrets);
  return linked.some((inode) => inodes.has(inode));
}
