import type { Stats } from 'node:fs';
import type { Skill } from './types.js';

/** What identifies one version of a file: size, mtime, ctime (chmod), inode and device. */
export function fileIdentity(stats: Stats): string {
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}:${stats.dev}`;
}

/** A successful `--help` probe, independent of the UI language (what the cache file keeps). */
export interface StoredProbe {
  summary: string;
  content: string;
  /** The output starts with a usage block and has no one-line summary (the skill gets a warning). */
  missingSummary: boolean;
}

/** One stored probe of the cache file: the file version it belongs to, and its outcome. */
export interface StoredProbeEntry {
  path: string;
  identity: string;
  probe: StoredProbe;
}

interface Entry {
  identity: string;
  /** Absent for an entry only seeded from the cache file and not loaded yet. */
  skill?: Skill;
  /** Present for an executable whose probe succeeded: the part worth keeping across restarts. */
  probe?: StoredProbe;
}

/**
 * Loaded skills by path and file identity, so a reload probes only files that changed.
 * Broken results are cached in memory too (touch the file, or restart, to probe it again); only
 * successful probes are kept across restarts (`storedEntries`), so a skill broken by something
 * outside its file (a missing interpreter, a slow machine) is retried at the next start.
 */
export class ProbeCache {
  private readonly entries = new Map<string, Entry>();
  private changed = false;

  /** `seed`: entries read from the cache file (they only count when the file is unchanged). */
  constructor(seed: readonly StoredProbeEntry[] = []) {
    for (const e of seed) this.entries.set(e.path, { identity: e.identity, probe: e.probe });
  }

  get(path: string, identity: string): Skill | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity ? entry.skill : undefined;
  }

  /** A stored probe of exactly this file version, if any. */
  storedProbe(path: string, identity: string): StoredProbe | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity ? entry.probe : undefined;
  }

  set(path: string, identity: string, skill: Skill, probe?: StoredProbe): void {
    const before = this.entries.get(path);
    if (probe !== before?.probe) this.changed = true;
    this.entries.set(path, { identity, skill, ...(probe ? { probe } : {}) });
  }

  /** Forgets every path not in `keep`. */
  retain(keep: ReadonlySet<string>): void {
    for (const [path, entry] of this.entries) {
      if (keep.has(path)) continue;
      if (entry.probe) this.changed = true;
      this.entries.delete(path);
    }
  }

  /** Marks the stored probes as out of date with the cache file (e.g. the file was unreadable). */
  markChanged(): void {
    this.changed = true;
  }

  /** Whether the stored probes changed since the last call (then the cache file is rewritten). */
  takeChanges(): boolean {
    const changed = this.changed;
    this.changed = false;
    return changed;
  }

  /** Every successful probe of a loaded file, for the cache file. */
  storedEntries(): StoredProbeEntry[] {
    const result: StoredProbeEntry[] = [];
    for (const [path, e] of this.entries) {
      if (e.probe && e.skill) result.push({ path, identity: e.identity, probe: e.probe });
    }
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}
