/**
 * The sha256 of a skill's files: the file itself (an executable or Markdown skill, symlinks
 * followed), or every regular file of an Agent Skill's folder (paths and contents, sorted by
 * path, links and special files by name only). A file is hashed again only when its size, times
 * or inode changed (kept per process), so checking a skill before each run costs a stat per file.
 */

import { lstatSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileIdentity } from './probe-cache.js';

/** node:crypto on first use: a search, which hashes nothing, does not load it (`test/cli/lean-commands.test.ts`). */
let crypto: typeof import('node:crypto') | undefined;
function sha256Hex(data: string | Buffer): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256').update(data).digest('hex');
}

const fileHashes = new Map<string, { identity: string; sha256: string }>();

function fileSha256(path: string, stats: Stats): string {
  const identity = fileIdentity(stats);
  const known = fileHashes.get(path);
  if (known?.identity === identity) return known.sha256;
  const sha256 = sha256Hex(readFileSync(path));
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
    return sha256Hex(entries.join('\n'));
  } catch {
    return undefined;
  }
}
