/**
 * Markdown skills kept in the cache file (their summaries, by file version): a start whose skill
 * files are unchanged reads none of them to list or search; a body is read when used.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SKILLS_CACHE_FILE } from '../../../src/skills/cache/probe-cache-file.js';
import { readSkillDocument } from '../../../src/skills/markdown/skill-document.js';
import { skillMessages } from '../../../src/skills/messages.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { SEARCH_DOCS_FILE } from '../../../src/skills/search/search-docs-file.js';
import { bashSkill, put, registriesClosedAfterEach, tempDir } from '../fixtures.js';

const open = registriesClosedAfterEach();

function layout() {
  const home = tempDir('aibox-skills-home-');
  const dir = tempDir();
  put(dir, 'weather.md', '# Weather forecast for a city\n\nAsk the forecast service for tomorrow.\n');
  put(
    dir,
    'backup.md',
    '---\ndescription: 备份文件到远程服务器\n---\n# Backup\n\nCopies files with rsync.\n',
  );
  put(dir, 'notes.md', '# Taking notes\n\nWrite them in a forecast-free notebook.\n');
  mkdirSync(join(dir, 'deploy'));
  writeFileSync(
    join(dir, 'deploy', 'SKILL.md'),
    '---\nname: deploy\ndescription: Deploys the site\n---\nRun it.\n',
  );
  bashSkill(dir, 'greet', 'Prints a greeting');
  return { dir, cacheFile: join(home, SKILLS_CACHE_FILE), searchDocsFile: join(home, SEARCH_DOCS_FILE) };
}

/** One "process start" over the same dir and cache files; closed (and its writes awaited) after the test. */
async function start(l: ReturnType<typeof layout>) {
  const r = await createSkillRegistry({ ...l, probeTimeoutMs: 2000, lang: 'en' });
  open.push(r);
  return r;
}

/** A start whose search also wrote the search tokens file, closed. */
async function warm(l: ReturnType<typeof layout>) {
  const r = await start(l);
  r.search('forecast');
  await r.close();
  return r;
}

describe('Markdown skills from the cache file, bodies read on use', () => {
  it('a warm start reads no skill file; a search reads only its hits; bodies and documents are unchanged', async () => {
    const l = layout();
    const cold = await warm(l);
    expect(cold.stats().skillFilesRead).toBe(4); // three Markdown files and one SKILL.md
    const stored = JSON.parse(readFileSync(l.cacheFile, 'utf8')) as { markdown: Record<string, unknown> };
    expect(Object.keys(stored.markdown).sort()).toEqual([
      join(l.dir, 'backup.md'),
      join(l.dir, 'deploy', 'SKILL.md'),
      join(l.dir, 'notes.md'),
      join(l.dir, 'weather.md'),
    ]);

    const r = await start(l);
    expect(r.stats()).toMatchObject({ skillFilesRead: 0, probesSpawned: 0 });
    expect(r.list().map((s) => [s.name, s.summary])).toEqual(cold.list().map((s) => [s.name, s.summary]));
    expect(r.stats().skillFilesRead).toBe(0);
    const hits = r.search('forecast').hits;
    expect(hits.map((h) => h.skill.name)).toEqual(['weather', 'notes']);
    expect(hits[0]?.snippet).toBe('Ask the forecast service for tomorrow.');
    expect(r.stats().skillFilesRead).toBe(2); // the two hits' snippets
    expect(r.search('greeting').hits.map((h) => h.skill.name)).toEqual(['greet']);
    expect(r.search('deploys').hits.map((h) => h.skill.name)).toEqual(['deploy']);
    expect(r.stats().skillFilesRead).toBe(2); // an executable's help and an Agent Skill's summary: no read

    const t = skillMessages('en');
    for (const name of ['weather', 'backup', 'notes', 'deploy', 'greet']) {
      const now = r.get(name);
      const before = cold.get(name);
      expect(now?.content, name).toBe(before?.content);
      expect(readSkillDocument(now as NonNullable<typeof now>, t)).toBe(
        readSkillDocument(before as NonNullable<typeof before>, t),
      );
    }
    expect(r.list()).toEqual(cold.list()); // every field, bodies included
  });

  it.each([
    [
      'an edit of the same size (mtime)',
      (path: string) => {
        const before = statSync(path);
        writeFileSync(path, readFileSync(path, 'utf8').replace('Weather', 'Climate'));
        const later = new Date(before.mtimeMs + 5000);
        utimesSync(path, later, later);
        expect(statSync(path).size).toBe(before.size);
      },
      'Climate forecast for a city',
    ],
    ['a chmod (ctime only)', (path: string) => chmodSync(path, 0o600), 'Weather forecast for a city'],
    [
      'a replacement by rename (inode)',
      (path: string) => {
        put(
          join(path, '..'),
          '.new',
          '# Weather forecast for a town\n\nAsk the forecast service for tomorrow.\n',
        );
        renameSync(join(path, '..', '.new'), path);
      },
      'Weather forecast for a town',
    ],
  ])('after %s the file is read again', async (_label, change, summary) => {
    const l = layout();
    await warm(l);
    change(join(l.dir, 'weather.md'));
    const r = await start(l);
    expect(r.stats().skillFilesRead).toBe(1);
    expect(r.get('weather')?.summary).toBe(summary);
    expect(r.search('forecast').hits[0]?.skill.summary).toBe(summary);
    await r.close();
    expect((await start(l)).stats().skillFilesRead).toBe(0); // the new version is stored
  });

  it('a stored summary of another file version is not used', async () => {
    const l = layout();
    await warm(l);
    const stored = JSON.parse(readFileSync(l.cacheFile, 'utf8'));
    const weather = join(l.dir, 'weather.md');
    stored.markdown[weather] = { identity: 'another-version', summary: 'Forged' };
    writeFileSync(l.cacheFile, JSON.stringify(stored));
    const r = await start(l);
    expect(r.get('weather')?.summary).toBe('Weather forecast for a city');
    expect(r.stats().skillFilesRead).toBe(1);
  });

  it('a body removed after the load reads as empty, and the next reload reports the skill gone', async () => {
    const l = layout();
    await warm(l);
    const r = await start(l);
    const notes = r.get('notes');
    await import('node:fs/promises').then((fs) => fs.rm(join(l.dir, 'notes.md')));
    expect(notes?.content).toBe('');
    expect((await r.reload()).removed).toEqual(['notes']);
  });

  it('a body whose file became a FIFO after the load reads as empty, without blocking the process', async () => {
    const l = layout();
    await warm(l);
    const r = await start(l);
    const notes = r.get('notes');
    const path = join(l.dir, 'notes.md');
    rmSync(path);
    execFileSync('mkfifo', [path]);
    expect(notes?.content).toBe('');
    expect((await r.reload()).removed).toEqual(['notes']);
  });
});
