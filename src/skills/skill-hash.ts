/**
 * The sha256 of a skill's files: the file itself (an executable or Markdown skill, symlinks
 * followed), or every regular file of an Agent Skill's folder (paths and contents, sorted by
 * path, links and special files by name only). A file is hashed again only when its size, times
 * or inode changed (kept per process), so checking a skill before each run costs a stat per file.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileIdentity } from './probe-cache.js';

const fileHashes = new Map<string, { identity: string; sha256: string }>();

function fileSha256(path: string, stats: Stats): string {
  const identity = fileIdentity(stats);
  const known = fileHashes.get(path);
  if (known?.identity === identity) return known.sha256;
  const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
  fileHashes.set(path, { identity, sha256 });
  return sha256;
}

function folderEntries(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    const info = lstatSync(path);
    const name = relative(root, path);
    if (info.isDirectory()) folderEntries(root, path, out);
    else if (info.isFile()) out.push(`${name}\0${fileSha256(path, info)}`);
    else out.push(`${name}\0${info.isSymbolicLink() ? 'link' : 'special'}`);
  }
}

/** The skill's files' sha256 (hex); undefined when they cannot be read (then nothing is trusted). */
export function skillFilesSha256(skill: { path: string; folder?: string }): string | undefined {
  try {
    if (!skill.folder) return fileSha256(skill.path, statSync(skill.path));
    const entries: string[] = [];
    folderEntries(skill.folder, skill.folder, entries);
    return createHash('sha256').update(entries.join('\n')).digest('hex');
  } catch {
    return undefined;
  }
}
