import { readFile } from 'node:fs/promises';
import { parseMarkdownSkill } from './markdown.js';
import type { SkillMessages } from './messages.js';
import { mapPool } from './pool.js';
import { type ProbeOptions, probeExecutable } from './probe.js';
import { fileIdentity, type ProbeCache } from './probe-cache.js';
import { type SkillCandidate, scanSkillsDir } from './scan.js';
import type { Skill, SkillDiagnostic } from './types.js';

export interface LoadOptions {
  dir: string;
  t: SkillMessages;
  probe: ProbeOptions;
  concurrency: number;
  cache: ProbeCache;
}

export interface LoadResult {
  /** Sorted by name. */
  skills: Skill[];
  /** Every entry of the dir, sorted by file name. */
  diagnostics: SkillDiagnostic[];
}

async function loadCandidate(c: SkillCandidate, options: LoadOptions): Promise<Skill> {
  const base = { name: c.name, type: c.type, path: c.path };
  if (c.type === 'markdown') {
    let bytes: Buffer;
    try {
      bytes = await readFile(c.path);
    } catch (error) {
      return {
        ...base,
        summary: '',
        content: '',
        status: 'broken',
        error: options.t.readFailed((error as Error).message),
      };
    }
    const md = parseMarkdownSkill(bytes, options.t);
    if (!md.ok) return { ...base, summary: '', content: '', status: 'broken', error: md.error };
    return { ...base, summary: md.summary, content: md.body, status: 'ok' };
  }
  const probed = await probeExecutable(c.path, options.probe, options.t);
  if (!probed.ok) return { ...base, summary: '', content: '', status: 'broken', error: probed.error };
  return {
    ...base,
    summary: probed.summary,
    content: probed.content,
    status: 'ok',
    ...(probed.warning ? { warning: probed.warning } : {}),
  };
}

/** Scans the dir and loads every candidate, probing in parallel only what the cache does not hold. */
export async function loadSkills(options: LoadOptions): Promise<LoadResult> {
  const scan = await scanSkillsDir(options.dir, options.t);
  const skills = await mapPool(scan.candidates, options.concurrency, async (c) => {
    const identity = fileIdentity(c.stats);
    const cached = options.cache.get(c.path, identity);
    if (cached) return cached;
    const skill = await loadCandidate(c, options);
    options.cache.set(c.path, identity, skill);
    return skill;
  });
  options.cache.retain(new Set(scan.candidates.map((c) => c.path)));
  skills.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const diagnostics: SkillDiagnostic[] = [
    ...scan.ignored,
    ...skills.map((s): SkillDiagnostic => {
      const file = s.path.slice(s.path.lastIndexOf('/') + 1);
      const reason = s.error ?? s.warning;
      return { file, status: s.status, ...(reason ? { reason } : {}) };
    }),
  ];
  diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { skills, diagnostics };
}
