import { readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/config/paths.js';
import { protectedPaths } from '../../../src/safety/protected-paths.js';
import { createSkillRegistry } from '../../../src/skills/registry.js';
import { SEARCH_DOCS_FILE, SEARCH_DOCS_VERSION } from '../../../src/skills/search/search-docs-file.js';
import { put, tempDir } from '../fixtures.js';

interface DocsFile {
  version: number;
  docs: Record<string, { tf: [string[], number[]][]; len: number[] }>;
}

function layout() {
  const dir = tempDir();
  put(dir, 'weather.md', '# Weather forecast for a city\n\nAsks the forecast service.\n');
  put(dir, 'backup.md', '# 备份文件到远程服务器\n\nCopies files with rsync.\n');
  return { dir, file: join(tempDir('aibox-skills-home-'), SEARCH_DOCS_FILE) };
}

/** One process: open, search, close (which waits for the file to be written). */
async function searchOnce(l: { dir: string; file: string }, keyword: string) {
  const registry = await createSkillRegistry({ dir: l.dir, searchDocsFile: l.file });
  const result = registry.search(keyword);
  await registry.close();
  return result.hits.map((h) => [h.skill.name, h.score]);
}

const readDocs = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as DocsFile;

describe('skills search tokens kept across processes', () => {
  it('writes the tokens of every skill once, and later searches rank the same from them', async () => {
    const l = layout();
    const first = await searchOnce(l, 'forecast');
    expect(readDocs(l.file).version).toBe(SEARCH_DOCS_VERSION);
    expect(Object.keys(readDocs(l.file).docs)).toHaveLength(2);
    expect(statSync(l.file).mode & 0o777).toBe(0o600);
    expect(await searchOnce(l, 'forecast')).toEqual(first);
    expect(await searchOnce(l, '备份')).toEqual([['backup', expect.any(Number)]]);
  });

  it('takes the stored tokens while a skill is unchanged, and tokenizes it again once it changes', async () => {
    const l = layout();
    await searchOnce(l, 'forecast');
    // A token planted in the file is found: the stored tokens are what the search used.
    const stored = readDocs(l.file);
    for (const doc of Object.values(stored.docs)) {
      doc.tf[2]?.[0].push('planted');
      doc.tf[2]?.[1].push(1);
    }
    writeFileSync(l.file, JSON.stringify(stored));
    expect((await searchOnce(l, 'planted')).map(([name]) => name)).toEqual(['backup', 'weather']);
    put(l.dir, 'weather.md', '# Weather forecast for a town\n\nAsks the forecast service.\n');
    expect((await searchOnce(l, 'planted')).map(([name]) => name)).toEqual(['backup']);
    expect(Object.keys(readDocs(l.file).docs)).toHaveLength(2); // the old version's entry is dropped
  });

  it('keys the tokens by file version: an edit of the same size with a new mtime is tokenized again', async () => {
    const l = layout();
    await searchOnce(l, 'forecast');
    const path = join(l.dir, 'weather.md');
    const before = statSync(path);
    for (const key of Object.keys(readDocs(l.file).docs)) expect(key).not.toContain('forecast');
    // Same size and inode, only the mtime tells: the old tokens must not be served.
    writeFileSync(path, readFileSync(path, 'utf8').replace('forecast service', 'sunshine service'));
    const later = new Date(before.mtimeMs + 5000);
    utimesSync(path, later, later);
    expect(statSync(path).size).toBe(before.size);
    expect(statSync(path).ino).toBe(before.ino);
    expect((await searchOnce(l, 'sunshine')).map(([name]) => name)).toEqual(['weather']);
    expect(Object.keys(readDocs(l.file).docs)).toHaveLength(2);
  });

  it('a skill renamed (same inode and mtime), added or removed shows in the very next search', async () => {
    const l = layout();
    await searchOnce(l, 'forecast');
    renameSync(join(l.dir, 'weather.md'), join(l.dir, 'climate.md'));
    expect((await searchOnce(l, 'forecast')).map(([name]) => name)).toEqual(['climate']);
    expect((await searchOnce(l, 'climate')).map(([name]) => name)).toEqual(['climate']); // name tokens fresh
    put(l.dir, 'umbrella.md', '# Umbrella advice from the forecast\n');
    expect((await searchOnce(l, 'forecast')).map(([name]) => name).sort()).toEqual(['climate', 'umbrella']);
    rmSync(join(l.dir, 'climate.md'));
    expect((await searchOnce(l, 'forecast')).map(([name]) => name)).toEqual(['umbrella']);
    expect(Object.keys(readDocs(l.file).docs)).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"version": 1, "docs": {'],
    ['another version', JSON.stringify({ version: SEARCH_DOCS_VERSION + 1, docs: {} })],
    ['bad entries', JSON.stringify({ version: SEARCH_DOCS_VERSION, docs: { x: { tf: [1], len: [] } } })],
    [
      'tokens without their counts',
      JSON.stringify({
        version: SEARCH_DOCS_VERSION,
        docs: {
          x: {
            tf: [
              [['a', 'b'], [1]],
              [[], []],
              [[], []],
            ],
            len: [1, 1, 1],
          },
        },
      }),
    ],
  ])('a file with %s is ignored and rewritten', async (_label, text) => {
    const l = layout();
    const expected = await searchOnce({ ...l, file: join(tempDir(), SEARCH_DOCS_FILE) }, 'forecast');
    writeFileSync(l.file, text);
    expect(await searchOnce(l, 'forecast')).toEqual(expected);
    expect(Object.keys(readDocs(l.file).docs)).toHaveLength(2);
  });

  it('a stored doc whose tokens and counts differ in number is tokenized again', async () => {
    const l = layout();
    const first = await searchOnce(l, 'forecast');
    const stored = readDocs(l.file);
    for (const doc of Object.values(stored.docs)) doc.tf[1]?.[1].pop();
    writeFileSync(l.file, JSON.stringify(stored));
    expect(await searchOnce(l, 'forecast')).toEqual(first);
    for (const doc of Object.values(readDocs(l.file).docs))
      for (const [tokens, counts] of doc.tf) expect(counts).toHaveLength(tokens.length);
  });

  it.each([
    ['a negative count', (doc: DocsFile['docs'][string]) => doc.tf[1]?.[1].fill(-1e6)],
    ['a fractional count', (doc: DocsFile['docs'][string]) => doc.tf[1]?.[1].fill(0.001)],
    ['a negative length', (doc: DocsFile['docs'][string]) => doc.len.fill(-1e6)],
  ])('a stored doc with %s, which no tokenizing gives, is tokenized again', async (_label, spoil) => {
    const l = layout();
    const first = await searchOnce(l, 'forecast');
    const stored = readDocs(l.file);
    for (const doc of Object.values(stored.docs)) spoil(doc);
    writeFileSync(l.file, JSON.stringify(stored));
    expect(await searchOnce(l, 'forecast')).toEqual(first);
    for (const doc of Object.values(readDocs(l.file).docs)) {
      expect(Math.min(...doc.len)).toBeGreaterThanOrEqual(0);
      for (const [, counts] of doc.tf)
        for (const n of counts) expect(Number.isInteger(n) && n >= 1).toBe(true);
    }
  });

  it('searches as usual when the file cannot be written', async () => {
    const l = layout();
    const blocker = put(tempDir(), 'file', 'not a dir');
    expect(await searchOnce({ ...l, file: join(blocker, SEARCH_DOCS_FILE) }, 'forecast')).toEqual([
      ['weather', expect.any(Number)],
    ]);
  });

  it('is out of the reach of the model, like the probe cache (planted tokens would steer search)', () => {
    const home = tempDir('aibox-skills-home-');
    expect(protectedPaths(dataPaths(home), home)).toContain(join(home, SEARCH_DOCS_FILE));
  });
});
