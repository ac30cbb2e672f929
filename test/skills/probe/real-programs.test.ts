/**
 * Issue 11 as a user meets it: programs of this machine (not written for Aibox) linked into the
 * skills dir. Summaries must be descriptions, not junk; everyday requests in English and Chinese
 * must find the right program. Built from what is installed; absent programs are skipped.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isJunkSummary,
  linkPrograms,
  pickPrograms,
  searchAccuracy,
} from '../../../bench/_skills-real-corpus.mjs';
import { createSkillRegistry, type SkillEngine } from '../../../src/skills/registry.js';
import { tempDir } from '../fixtures.js';

/** The programs requests expect plus the distractors (the full 300 run in bench/skills-real.mjs). */
const programs = pickPrograms(90);
const enough = programs.length >= 30;
let registry: SkillEngine | undefined;
afterAll(async () => {
  await registry?.close();
});

describe.skipIf(!enough)(`real programs as skills (${programs.length} from /usr/bin)`, () => {
  const dir = join(tempDir('aibox-real-'), 'skills');
  mkdirSync(dir);
  linkPrograms(dir, programs);

  it('loads them with descriptions, not junk, in both languages of request', async () => {
    registry = await createSkillRegistry({ dir, probeTimeoutMs: 8000, lang: 'en' });
    const skills = registry.list();
    const junk = skills.filter((s) => isJunkSummary(s.summary, dir));
    const report = junk.map((s) => `${s.name}: ${s.summary || s.error}`).join('\n');
    expect(junk.length / skills.length, report).toBeLessThanOrEqual(0.1);

    const accuracy = searchAccuracy(registry);
    expect(accuracy.counted).toBeGreaterThanOrEqual(20);
    expect(accuracy.top1, accuracy.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(accuracy.top3, accuracy.misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('reports every summary that came from a fallback, with how to fix it', () => {
    const fromFallback = registry?.list().filter((s) => s.warning) ?? [];
    const reported = new Map(registry?.diagnostics().map((d) => [d.file, d.reason ?? '']));
    for (const skill of fromFallback) expect(reported.get(skill.name)).toContain(skill.warning);
  });
});
