import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n/lang.js';
import { SKILLS_CACHE_FILE, SKILLS_CACHE_VERSION } from '../../../src/skills/cache/probe-cache-file.js';
import { scanSkillsDir } from '../../../src/skills/load/scan.js';
import { skillMessages } from '../../../src/skills/messages.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { bashSkill, put, registriesClosedAfterEach, script, tempDir } from '../fixtures.js';

const open = registriesClosedAfterEach();

/** A skills dir and a separate home holding the cache file, as `createApp` lays them out. */
function layout() {
  const home = tempDir('aibox-skills-home-');
  const dir = tempDir();
  return { dir, cacheFile: join(home, SKILLS_CACHE_FILE) };
}

/** One "process start": a fresh registry over the same dir and cache file. */
async function start(l: { dir: string; cacheFile: string }, lang: Lang = 'en') {
  const r = await createSkillRegistry({ dir: l.dir, cacheFile: l.cacheFile, probeTimeoutMs: 2000, lang });
  open.push(r);
  return r;
}

describe('skills cache file: probes kept across restarts', () => {
  it('a start with the cache warm spawns zero processes and loads the same skills', async () => {
    const l = layout();
    bashSkill(l.dir, 'a', 'Skill A', 'usage: a [-h]');
    bashSkill(l.dir, 'b', 'usage: b [-h]'); // no one-line summary → warning
    put(l.dir, 'c.md', '# Skill C\n\nBody');
    const first = await start(l);
    expect(first.stats().probesSpawned).toBe(2);
    const stored = JSON.parse(readFileSync(l.cacheFile, 'utf8'));
    expect(stored.version).toBe(SKILLS_CACHE_VERSION);
    expect(Object.keys(stored.probes).sort()).toEqual([join(l.dir, 'a'), join(l.dir, 'b')]);
    expect(statSync(l.cacheFile).mode & 0o777).toBe(0o600);

    const second = await start(l);
    expect(second.stats().probesSpawned).toBe(0);
    expect(second.list()).toEqual(first.list());
    expect(second.diagnostics()).toEqual(first.diagnostics());
    expect(second.search('skill a').hits[0]?.skill.name).toBe('a');
  });

  it('a changed file is probed again after a restart, and the file then holds the new probe', async () => {
    const l = layout();
    bashSkill(l.dir, 'a', 'Skill A');
    bashSkill(l.dir, 'b', 'Skill B');
    await start(l);
    bashSkill(l.dir, 'a', 'Skill A, version two');
    const second = await start(l);
    expect(second.stats().probesSpawned).toBe(1);
    expect(second.get('a')?.summary).toBe('Skill A, version two');
    const third = await start(l);
    expect(third.stats().probesSpawned).toBe(0);
    expect(third.get('a')?.summary).toBe('Skill A, version two');
  });

  it('a reload with nothing changed neither spawns nor rewrites the file; a removal prunes it', async () => {
    const l = layout();
    bashSkill(l.dir, 'a', 'Skill A');
    const gone = bashSkill(l.dir, 'gone', 'Gone soon');
    const r = await start(l);
    const before = statSync(l.cacheFile);
    await r.reload();
    await r.reload();
    expect(r.stats().probesSpawned).toBe(2);
    const after = statSync(l.cacheFile);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]); // atomic writes replace the inode
    await import('node:fs/promises').then((fs) => fs.rm(gone));
    await r.reload();
    expect(Object.keys(JSON.parse(readFileSync(l.cacheFile, 'utf8')).probes)).toEqual([join(l.dir, 'a')]);
  });

  it('broken results are kept too: a warm start runs no probe; a touched file is probed again', async () => {
    const l = layout();
    bashSkill(l.dir, 'fine', 'Fine');
    const mute = script(l.dir, 'mute', '#!/bin/sh\nexit 0\n');
    const first = await start(l);
    expect(first.get('mute')?.status).toBe('broken');
    const second = await start(l);
    expect(second.stats().probesSpawned).toBe(0);
    expect(second.get('mute')?.status).toBe('broken');
    expect(second.get('mute')?.error).toBe(first.get('mute')?.error);
    const later = new Date(Date.now() + 5000);
    utimesSync(mute, later, later);
    const third = await start(l);
    expect(third.stats().probesSpawned).toBe(1);
  });

  it('the warning of a stored probe is in the language of the current start', async () => {
    const l = layout();
    bashSkill(l.dir, 'b', 'usage: b [-h]');
    const en = await start(l, 'en');
    expect(en.get('b')?.warning).toBe(skillMessages('en').noSummary);
    const zh = await start(l, 'zh');
    expect(zh.stats().probesSpawned).toBe(0);
    expect(zh.get('b')?.warning).toBe(skillMessages('zh').noSummary);
  });

  it.each([
    ['not JSON', '{"version": 1, "probes": {'],
    ['another version', JSON.stringify({ version: 999, probes: {} })],
    ['a wrong shape', JSON.stringify([1, 2, 3])],
    ['an empty file', ''],
  ])('a cache file that is %s is ignored and rebuilt', async (_label, text) => {
    const l = layout();
    bashSkill(l.dir, 'a', 'Skill A');
    writeFileSync(l.cacheFile, text);
    const first = await start(l);
    expect(first.stats().probesSpawned).toBe(1);
    expect(first.get('a')).toMatchObject({ status: 'ok', summary: 'Skill A' });
    expect(JSON.parse(readFileSync(l.cacheFile, 'utf8')).version).toBe(SKILLS_CACHE_VERSION);
    expect((await start(l)).stats().probesSpawned).toBe(0);
  });

  it('a bad entry, or one for another version of the file, is not trusted', async () => {
    const l = layout();
    const a = bashSkill(l.dir, 'a', 'Skill A');
    const b = bashSkill(l.dir, 'b', 'Skill B');
    await start(l);
    const stored = JSON.parse(readFileSync(l.cacheFile, 'utf8'));
    stored.probes[a].summary = 42; // bad shape
    stored.probes[b].identity = 'not-this-file';
    stored.probes[b].summary = 'Forged';
    writeFileSync(l.cacheFile, JSON.stringify(stored));
    const r = await start(l);
    expect(r.stats().probesSpawned).toBe(2);
    expect([r.get('a')?.summary, r.get('b')?.summary]).toEqual(['Skill A', 'Skill B']);
  });

  it('an unwritable cache file location does not break loading', async () => {
    const l = layout();
    bashSkill(l.dir, 'a', 'Skill A');
    const blocker = put(tempDir(), 'file', 'not a dir');
    const r = await createSkillRegistry({
      dir: l.dir,
      cacheFile: join(blocker, SKILLS_CACHE_FILE),
      lang: 'en',
    });
    open.push(r);
    expect(r.get('a')).toMatchObject({ status: 'ok', summary: 'Skill A' });
  });

  it('the cache file name is ignored by the skill scan, should it sit in the skills dir', async () => {
    const dir = tempDir();
    put(dir, SKILLS_CACHE_FILE, '{}');
    const scan = await scanSkillsDir(dir, skillMessages('en'));
    expect(scan.candidates).toEqual([]);
    expect(scan.ignored.map((d) => [d.file, d.status])).toEqual([[SKILLS_CACHE_FILE, 'ignored']]);
  });
});
