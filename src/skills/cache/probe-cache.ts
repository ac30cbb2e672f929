import type { Stats } from 'node:fs';
import type { ProbeOutcome } from '../probe/probe-outcome.js';
import type { Skill } from '../types.js';

/** What identifies one version of a file: size, mtime, ctime (chmod), inode and device. */
export function fileIdentity(stats: Stats): string {
  return `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}:${stats.dev}`;
}

/**
 * A `--help` probe's outcome, independent of the UI language (what the cache file keeps), failures
 * included: a program that hangs or fails is not run again until its file changes. `retried`: a
 * timed-out probe was already retried alone (see registry.ts); others are retried once.
 */
export type StoredProbe = ProbeOutcome & { retried?: boolean };

/** One stored probe of the cache file: the file version it belongs to, and its outcome. */
export interface StoredProbeEntry {
  path: string;
  identity: string;
  probe: StoredProbe;
}

/**
 * A Markdown skill (or Agent Skill) as the cache file keeps it: what a listing and a search need
 * without reading the file (its summary); the body is read on use (loader.ts).
 */
export interface StoredMarkdown {
  summary: string;
}

/** One stored Markdown parse of the cache file: the file version it belongs to, and the parse. */
export interface StoredMarkdownEntry {
  path: string;
  identity: string;
  markdown: StoredMarkdown;
}

/** What a load keeps of one file across restarts: a probe outcome or a Markdown parse. */
export type StoredOutcome = { probe: StoredProbe } | { markdown: StoredMarkdown };

interface Entry {
  identity: string;
  /** Absent for an entry only seeded from the cache file and not loaded yet. */
  skill?: Skill;
  /** Present for a probed executable: the part worth keeping across restarts. */
  probe?: StoredProbe;
  /** Present for a Markdown skill that parsed: the part worth keeping across restarts. */
  markdown?: StoredMarkdown;
  /** A probe held back (no sandbox, nobody said yes): looked at again at every load, never stored. */
  held?: boolean;
}

/**
 * Loaded skills by path and file identity, so a reload probes only files that changed. Probe
 * outcomes, failures included, are kept across restarts (`storedEntries`): a warm start runs no
 * probe at all. A skill broken by something outside its file (an interpreter installed later) is
 * probed again after `touch FILE`.
 */
export class ProbeCache {
  private readonly entries = new Map<string, Entry>();
  private changed = false;

  /** `seed`, `markdownSeed`: entries read from the cache file (they only count when the file is unchanged). */
  constructor(seed: readonly StoredProbeEntry[] = [], markdownSeed: readonly StoredMarkdownEntry[] = []) {
    for (const e of seed) this.entries.set(e.path, { identity: e.identity, probe: e.probe });
    for (const e of markdownSeed) this.entries.set(e.path, { identity: e.identity, markdown: e.markdown });
  }

  get(path: string, identity: string): Skill | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity && !entry.held ? entry.skill : undefined;
  }

  /** The skill of a held probe of exactly this file version (reused while it stays held). */
  heldSkill(path: string, identity: string): Skill | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity && entry.held ? entry.skill : undefined;
  }

  /** A skill whose probe was held back: kept for listing, planned again at the next load. */
  setHeld(path: string, identity: string, skill: Skill): void {
    const before = this.entries.get(path);
    if (before?.probe || before?.markdown) this.changed = true;
    this.entries.set(path, { identity, skill, held: true });
  }

  /** The file version `skill` was loaded from, while it is the one this cache holds for its path. */
  versionOf(skill: Skill): string | undefined {
    const entry = this.entries.get(skill.path);
    return entry?.skill === skill ? entry.identity : undefined;
  }

  /** A stored probe of exactly this file version, if any. */
  storedProbe(path: string, identity: string): StoredProbe | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity ? entry.probe : undefined;
  }

  /** A stored Markdown parse of exactly this file version, if any. */
  storedMarkdown(path: string, identity: string): StoredMarkdown | undefined {
    const entry = this.entries.get(path);
    return entry && entry.identity === identity ? entry.markdown : undefined;
  }

  /** `stored`: what the cache file keeps of it (absent: nothing, e.g. a Markdown file that failed). */
  set(path: string, identity: string, skill: Skill, stored?: StoredOutcome): void {
    const before = this.entries.get(path);
    const probe = stored && 'probe' in stored ? stored.probe : undefined;
    const markdown = stored && 'markdown' in stored ? stored.markdown : undefined;
    if (probe !== before?.probe || markdown !== before?.markdown) this.changed = true;
    this.entries.set(path, {
      identity,
      skill,
      ...(probe ? { probe } : {}),
      ...(markdown ? { markdown } : {}),
    });
  }

  /**
   * Replaces the stored probe of one file version (a background retry's outcome); the next load
   * builds the skill from it. Ignored when the file changed meanwhile.
   */
  replaceProbe(path: string, identity: string, probe: StoredProbe): void {
    if (this.entries.get(path)?.identity !== identity) return;
    this.entries.set(path, { identity, probe });
    this.changed = true;
  }

  /** Loaded files whose probe timed out and was not retried yet. */
  pendingRetries(): { path: string; identity: string }[] {
    const result: { path: string; identity: string }[] = [];
    for (const [path, e] of this.entries) {
      if (e.skill && e.probe && !e.probe.ok && e.probe.failure.kind === 'timeout' && !e.probe.retried)
        result.push({ path, identity: e.identity });
    }
    return result;
  }

  /** Forgets every path not in `keep`. */
  retain(keep: ReadonlySet<string>): void {
    for (const [path, entry] of this.entries) {
      if (keep.has(path)) continue;
      if (entry.probe || entry.markdown) this.changed = true;
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

  /** Every probe outcome of a loaded file, for the cache file. */
  storedEntries(): StoredProbeEntry[] {
    const result: StoredProbeEntry[] = [];
    for (const [path, e] of this.entries) {
      if (e.probe && e.skill) result.push({ path, identity: e.identity, probe: e.probe });
    }
    return result;
  }

  /** Every Markdown parse of a loaded file, for the cache file. */
  storedMarkdownEntries(): StoredMarkdownEntry[] {
    const result: StoredMarkdownEntry[] = [];
    for (const [path, e] of this.entries) {
      if (e.markdown && e.skill) result.push({ path, identity: e.identity, markdown: e.markdown });
    }
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}
