import { basename } from 'node:path';
import { byKey } from '../../util/compare.js';
import { cleanName, cleanText } from '../../util/untrusted-text.js';
import {
  fileIdentity,
  type ProbeCache,
  type StoredMarkdown,
  type StoredOutcome,
  type StoredProbe,
} from '../cache/probe-cache.js';
import { parseAgentSkill } from '../markdown/agent-skill.js';
import { parseMarkdownSkill } from '../markdown/markdown.js';
import { readSkillFile } from '../markdown/skill-file.js';
import type { SkillMessages } from '../messages.js';
import { mapPool } from '../probe/pool.js';
import { describeProbeFailure, type ProbeOptions } from '../probe/probe-outcome.js';
import type { Skill, SkillDiagnostic } from '../types.js';
import { withContentOnUse } from './content-on-use.js';
import { type SkillCandidate, scanSkillsDir } from './scan.js';

interface LoadOptions {
  dir: string;
  t: SkillMessages;
  probe: ProbeOptions;
  concurrency: number;
  cache: ProbeCache;
  /** Called for every read of a Markdown skill's file (at load, or of its body on use). */
  onRead?: () => void;
}

export interface LoadResult {
  /** Sorted by name. */
  skills: Skill[];
  /** Every entry of the dir, sorted by file name. */
  diagnostics: SkillDiagnostic[];
}

type Loaded = { skill: Skill; stored?: StoredOutcome; held?: boolean };

async function loadCandidate(c: SkillCandidate, options: LoadOptions): Promise<Loaded> {
  const base = { name: c.name, type: c.type, path: c.path };
  if (c.type === 'markdown') {
    // Synchronous on purpose (like the scan): an async read is four thread-pool round trips (open,
    // fstat, read, close); 160 Markdown skills load in ~10 ms this way against ~28 ms.
    options.onRead?.();
    const read = readSkillFile(c.path, options.t);
    if (!read.ok)
      return { skill: { ...base, summary: '', content: '', status: 'broken', error: read.error } };
    const bytes = read.bytes;
    if (c.folder) {
      const agent = parseAgentSkill(bytes, c.name, options.t);
      if (!agent.ok) {
        const error = options.t.agentBroken(agent.errors.join('; '));
        return { skill: { ...base, summary: '', content: '', folder: c.folder, status: 'broken', error } };
      }
      const markdown = { summary: agent.description };
      return {
        skill: { ...base, summary: agent.description, content: '', folder: c.folder, status: 'ok' },
        stored: { markdown },
      };
    }
    const md = parseMarkdownSkill(bytes, options.t);
    if (!md.ok) return { skill: { ...base, summary: '', content: '', status: 'broken', error: md.error } };
    const markdown = { summary: md.summary };
    return { skill: { ...base, summary: md.summary, content: md.body, status: 'ok' }, stored: { markdown } };
  }
  const launch = (await options.probe.runner?.launch(c.path, c.name, 'loaded')) ?? { where: 'host' };
  if (launch.where === 'held') {
    const skill =
      options.cache.heldSkill(c.path, fileIdentity(c.stats)) ??
      fromProbe(c, { ok: false, failure: { kind: 'held' } }, options.t);
    return { skill, held: true };
  }
  // Loaded on a cache miss only: probing needs child_process and crypto, a cached load neither.
  const { probeExecutable } = await import('../probe/probe.js');
  const probe = await probeExecutable(c.path, c.name, options.probe, launch);
  return { skill: fromProbe(c, probe, options.t), stored: { probe } };
}

/**
 * A Markdown skill (or Agent Skill) whose file is the version the cache file parsed: its summary
 * from there, its body read from the file when first used (an Agent Skill's body is read by
 * readSkillDocument: content stays empty). Only parses that succeeded are stored.
 */
function fromStoredMarkdown(c: SkillCandidate, stored: StoredMarkdown, options: LoadOptions): Skill {
  // Cleaned again: a cache file written by an older version may hold the raw text.
  const summary = cleanName(stored.summary);
  const base = { name: c.name, type: c.type, path: c.path, summary, status: 'ok' as const };
  if (c.folder) return { ...base, content: '', folder: c.folder };
  return withContentOnUse(base, () => {
    options.onRead?.();
    // Removed, unreadable or grown too large since the load: no body; the next reload reports it.
    const read = readSkillFile(c.path, options.t);
    const md = read.ok ? parseMarkdownSkill(read.bytes, options.t) : undefined;
    return md?.ok ? md.body : '';
  });
}

/** The skill as the cache file holds it for exactly this file version, if it does. */
function fromStore(c: SkillCandidate, identity: string, options: LoadOptions): Loaded | undefined {
  if (c.type === 'executable') {
    const probe = options.cache.storedProbe(c.path, identity);
    return probe && { skill: fromProbe(c, probe, options.t), stored: { probe } };
  }
  const markdown = options.cache.storedMarkdown(c.path, identity);
  return markdown && { skill: fromStoredMarkdown(c, markdown, options), stored: { markdown } };
}

/** The skill of a probe outcome (fresh, or from the cache file: messages in today's language). */
function fromProbe(c: SkillCandidate, probe: StoredProbe, t: SkillMessages): Skill {
  const base = { name: c.name, type: c.type, path: c.path };
  if (!probe.ok)
    return {
      ...base,
      summary: '',
      content: '',
      status: 'broken',
      error: describeProbeFailure(probe.failure, t),
    };
  const warning =
    probe.summarySource === 'manual'
      ? t.summaryFromManual
      : probe.summarySource === 'usage'
        ? t.noSummary
        : undefined;
  return {
    ...base,
    summary: cleanName(probe.summary),
    content: cleanText(probe.content),
    ...(probe.systemDescription ? { systemDescription: probe.systemDescription } : {}),
    status: 'ok',
    ...(warning ? { warning } : {}),
  };
}

/**
 * Scans the dir and loads every candidate, probing in parallel (or reading) only what the cache does
 * not hold (in memory, or a stored probe or Markdown parse of the same file version from the cache
 * file).
 */
export async function loadSkills(options: LoadOptions): Promise<LoadResult> {
  const scan = await scanSkillsDir(options.dir, options.t);
  const skills = await mapPool(scan.candidates, options.concurrency, async (c) => {
    const identity = fileIdentity(c.stats);
    const cached = options.cache.get(c.path, identity);
    if (cached) return cached;
    const { skill, stored, held } = fromStore(c, identity, options) ?? (await loadCandidate(c, options));
    if (held) options.cache.setHeld(c.path, identity, skill);
    else options.cache.set(c.path, identity, skill, stored);
    return skill;
  });
  options.cache.retain(new Set(scan.candidates.map((c) => c.path)));
  skills.sort(byKey((s) => s.name));
  const diagnostics: SkillDiagnostic[] = [
    ...scan.ignored,
    ...skills.map((s): SkillDiagnostic => {
      const file = s.folder ? `${basename(s.folder)}/` : basename(s.path);
      const reason = s.error ?? s.warning;
      return { file, status: s.status, ...(reason ? { reason } : {}) };
    }),
  ];
  diagnostics.sort(byKey((d) => d.file));
  return { skills, diagnostics };
}
