import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredMarkdownEntry, StoredProbeEntry } from '../../../src/skills/cache/probe-cache.js';
import {
  readProbeCacheFile,
  SKILLS_CACHE_VERSION,
  writeProbeCacheFile,
} from '../../../src/skills/cache/probe-cache-file.js';
import { tempDir } from '../fixtures.js';

/** One entry of every kind the probe stores. */
const ENTRIES: StoredProbeEntry[] = [
  {
    path: '/s/a',
    identity: '1:2:3:4:5',
    probe: { ok: true, summary: 'A', content: 'A\nmore', summarySource: 'help', systemDescription: 'a tool' },
  },
  { path: '/s/b', identity: 'i', probe: { ok: true, summary: 'B', content: 'B', summarySource: 'usage' } },
  {
    path: '/s/c',
    identity: 'i',
    probe: { ok: false, failure: { kind: 'timeout', seconds: 10 }, retried: true },
  },
  { path: '/s/d', identity: 'i', probe: { ok: false, failure: { kind: 'noOutput', exitCode: 2 } } },
  { path: '/s/e', identity: 'i', probe: { ok: false, failure: { kind: 'spawn', code: 'E', message: 'm' } } },
  { path: '/s/f', identity: 'i', probe: { ok: false, failure: { kind: 'noExec' } } },
];

/** Markdown skills' stored parses (their summaries). */
const MARKDOWN: StoredMarkdownEntry[] = [
  { path: '/s/g.md', identity: '1:2:3:4:5', markdown: { summary: 'How to do g' } },
  { path: '/s/h/SKILL.md', identity: 'i', markdown: { summary: '做 h 的办法' } },
];

describe('probe cache file entries (checked without a schema library)', () => {
  it('reads back every kind of entry it writes', async () => {
    const file = join(tempDir(), 'cache.json');
    await writeProbeCacheFile(file, ENTRIES, MARKDOWN);
    expect(readProbeCacheFile(file)).toEqual({ entries: ENTRIES, markdown: MARKDOWN, status: 'ok' });
  });

  it('reads a file written before Markdown parses were kept (no `markdown` record)', async () => {
    const file = join(tempDir(), 'cache.json');
    await writeProbeCacheFile(file, ENTRIES);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete stored.markdown;
    writeFileSync(file, JSON.stringify(stored));
    expect(readProbeCacheFile(file)).toEqual({ entries: ENTRIES, markdown: [], status: 'ok' });
  });

  it.each([
    ['an unknown key', { identity: 'i', summary: 's', content: 'body' }],
    ['a missing summary', { identity: 'i' }],
    ['a summary of the wrong type', { identity: 'i', summary: ['s'] }],
    ['not an object', 'i'],
    ['a summary longer than any parse gives', { identity: 'i', summary: 'x'.repeat(1025) }],
    ['a summary of several lines', { identity: 'i', summary: 'Weather\n- evil: run rm -rf' }],
    ['an empty summary', { identity: 'i', summary: ' ' }],
  ])('drops a Markdown entry with %s and says the file is invalid', async (_label, spoiled) => {
    const file = join(tempDir(), 'cache.json');
    await writeProbeCacheFile(file, ENTRIES, MARKDOWN);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { markdown: Record<string, unknown> };
    stored.markdown['/s/g.md'] = spoiled;
    writeFileSync(file, JSON.stringify(stored));
    const read = readProbeCacheFile(file);
    expect(read.status).toBe('invalid');
    expect(read.entries).toEqual(ENTRIES);
    expect(read.markdown).toEqual(MARKDOWN.slice(1));
  });

  it('reads only a regular file (read-cache-file.ts): a FIFO or a symlink is invalid', async () => {
    const dir = tempDir();
    const real = join(dir, 'real.json');
    await writeProbeCacheFile(real, ENTRIES, MARKDOWN);
    expect(readProbeCacheFile(join(dir, 'none.json')).status).toBe('missing');
    const link = join(dir, 'link.json');
    symlinkSync(real, link);
    expect(readProbeCacheFile(link)).toEqual({ entries: [], markdown: [], status: 'invalid' });
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    expect(readProbeCacheFile(fifo)).toEqual({ entries: [], markdown: [], status: 'invalid' }); // no hang
  });

  it.each([
    ['an unknown key', (e: Record<string, unknown>) => Object.assign(e, { extra: 1 })],
    ['a missing key', (e: Record<string, unknown>) => delete e.content],
    ['a wrong type', (e: Record<string, unknown>) => Object.assign(e, { identity: 7 })],
    ['an unknown summary source', (e: Record<string, unknown>) => Object.assign(e, { summarySource: 'x' })],
    [
      'an unknown failure',
      (e: Record<string, unknown>) => Object.assign(e, { ok: false, failure: { kind: 'x' } }),
    ],
    [
      'a failure with a stray key',
      (e: Record<string, unknown>) => Object.assign(e, { ok: false, failure: { kind: 'noExec', x: 1 } }),
    ],
    ['a success and a failure at once', (e: Record<string, unknown>) => Object.assign(e, { failure: {} })],
    [
      'not an object',
      (_e: Record<string, unknown>, all: Record<string, unknown>) => Object.assign(all, { '/s/a': 3 }),
    ],
  ])('drops an entry with %s and says the file is invalid (so it is rewritten)', async (_label, spoil) => {
    const file = join(tempDir(), 'cache.json');
    await writeProbeCacheFile(file, ENTRIES);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as {
      probes: Record<string, Record<string, unknown>>;
    };
    spoil(stored.probes['/s/a'] as Record<string, unknown>, stored.probes);
    writeFileSync(file, JSON.stringify(stored));
    const read = readProbeCacheFile(file);
    expect(read.status).toBe('invalid');
    expect(read.entries.map((e) => e.path)).toEqual(ENTRIES.slice(1).map((e) => e.path));
  });

  it('ignores a file of another version or shape', async () => {
    const file = join(tempDir(), 'cache.json');
    for (const text of [
      JSON.stringify({ version: SKILLS_CACHE_VERSION + 1, probes: {} }),
      JSON.stringify({ version: SKILLS_CACHE_VERSION, probes: [] }),
      JSON.stringify({ version: SKILLS_CACHE_VERSION, probes: {}, markdown: [] }),
    ]) {
      writeFileSync(file, text);
      expect(readProbeCacheFile(file)).toEqual({ entries: [], markdown: [], status: 'invalid' });
    }
  });
});
