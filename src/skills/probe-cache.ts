import type { Stats } from 'node:fs';
import type { Skill } from './types.js';

/** What identifies one version of a file: size, mtime, ctime (chmod), inode and device. */
export function fileIdentity(stats: Stats): string {
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}:${stats.dev}`;
}

/**
 * Loaded skills by path and file identity, so a reload probes only files that changed.
 * Broken results are cached too: touch the file (or restart) to probe it again.
 */
export class ProbeCache {
  private readonly entries = new Map<string, { identity: string; skill: Skill }>();

  get(path: string, identity: string): Skill | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity ? entry.skill : undefined;
  }

  set(path: string, identity: string, skill: Skill): void {
    this.entries.set(path, { identity, skill });
  }

  /** Forgets every path not in `keep`. */
  retain(keep: ReadonlySet<string>): void {
    for (const path of this.entries.keys()) if (!keep.has(path)) this.entries.delete(path);
  }

  get size(): number {
    return this.entries.size;
  }
}
