/** Search that ranks like a search engine (issue 11): rarity, stop words, prefixes, the glossary. */
import { describe, expect, it } from 'vitest';
import { formatSearchResult } from '../../../src/skills/search/format-search.js';
import { createGlossary } from '../../../src/skills/search/glossary.js';
import { GLOSSARY } from '../../../src/skills/search/glossary-data.js';
import { buildSearchIndex } from '../../../src/skills/search/search-index.js';
import { stem } from '../../../src/skills/search/search-terms.js';
import { createSegmenter } from '../../../src/skills/search/segmenter.js';
import type { Skill } from '../../../src/skills/types.js';

const segmenter = createSegmenter();
const glossary = createGlossary();

function skill(name: string, summary: string, content = summary): Skill {
  return { name, type: 'executable', summary, content, path: `/skills/${name}`, status: 'ok' };
}

const skills = [
  skill(
    'wc',
    'Print newline, word, and byte counts for each FILE',
    'Usage: wc [OPTION]... [FILE]...\n  -l, --lines  print the newline counts',
  ),
  skill(
    'callgrind_annotate',
    'Annotate a callgrind profile',
    'Reads a callgrind output file and prints a line by line count of a program run',
  ),
  skill(
    'find',
    'search for files in a directory hierarchy',
    'Usage: find [path...] [expression]\n -name PATTERN  base of file name matches PATTERN',
  ),
  skill(
    'findmnt',
    'Find a (mounted) filesystem.',
    'Usage: findmnt [options]\n a file system found by its mount point',
  ),
  skill(
    'df',
    'report file system space usage',
    'Show information about the file system on which each FILE resides',
  ),
  skill(
    'tar',
    'an archiving utility',
    'GNU tar saves many files together into a single tape or disk archive',
  ),
  skill('发邮件', '使用163邮箱发送邮件', '用法: 发邮件 --to 地址'),
  skill('a_tool', 'A tool with a long description of a thing', 'a a a a a a a'),
];
const index = buildSearchIndex(skills, segmenter, undefined, glossary);
const first = (q: string) => index.search(q).hits[0]?.skill.name;

describe('ranking', () => {
  it('ignores stop words: "a" no longer matches everything', () => {
    expect(index.search('a').total).toBeGreaterThan(0); // a query of stop words only still searches
    expect(first('count lines in a file')).toBe('wc');
    expect(index.search('count lines in a file').hits.map((h) => h.skill.name)).not.toContain('a_tool');
  });

  it('whole words beat prefixes; prefixes need 3 characters', () => {
    expect(first('find files by name')).toBe('find');
    expect(index.search('fi').total).toBe(0);
    expect(first('findm')).toBe('findmnt');
  });

  it('stems plurals and verb endings on both sides', () => {
    expect(stem('counts')).toBe(stem('count'));
    expect(stem('counting')).toBe(stem('count'));
    expect(stem('deleted')).toBe(stem('delete'));
    expect(stem('directories')).toBe(stem('directory'));
    expect(stem('running')).toBe('run');
  });

  it('finds English-described programs from Chinese requests, and Chinese skills from English ones', () => {
    expect(first('统计文件行数')).toBe('wc');
    expect(first('查看磁盘空间')).toBe('df');
    expect(first('压缩文件夹')).toBe('tar');
    expect(first('send mail')).toBe('发邮件');
  });
});

describe('everyday requests of issue 24', () => {
  const programs = buildSearchIndex(
    [
      skill('free', 'Display amount of free and used memory in the system'),
      skill('lsmem', 'List the ranges of available memory with their online status.'),
      skill('vmstat', 'Report virtual memory statistics'),
      skill('ps', 'report a snapshot of the current processes.'),
      skill('nsenter', 'Run a program with namespaces of other processes.'),
      skill('env', 'Set each NAME to VALUE in the environment and run COMMAND.'),
    ],
    segmenter,
    undefined,
    glossary,
  );
  const top = (q: string) => programs.search(q, 3).hits.map((h) => h.skill.name);

  it('pivots only through a Chinese word whose main sense is the word typed', () => {
    // usage → 情况 (status) would make lsmem's "online status" a usage; usage → 使用 → used is free's.
    expect(top('show memory usage')[0]).toBe('free');
    expect(glossary.primary('使用')).toBe(stem('usage'));
    expect(glossary.primary('情况')).toBe('status');
  });

  it('reads two Chinese words the glossary knows together as one (正在 + 运行, 使用 + 情况)', () => {
    expect(top('查看内存使用情况')[0]).toBe('free');
    expect(top('还剩多少内存')[0]).toBe('free');
    // 正在运行 is one word (running), not "currently" plus "run" twice over.
    expect(top('显示正在运行的进程')).toContain('ps');
  });
});

describe('glossary data', () => {
  it('holds a few hundred entries, each a Chinese word and English words, no key twice', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(300);
    const keys = new Set<string>();
    for (const [zh, en] of GLOSSARY) {
      expect(zh, zh).toMatch(/^[\u4e00-\u9fff]+$/);
      expect(en, zh).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
      expect(keys.has(zh), `${zh} twice`).toBe(false);
      keys.add(zh);
    }
  });

  it('translates both ways (stemmed English)', () => {
    expect(glossary.translate('压缩', true)).toEqual(
      expect.arrayContaining([stem('compress'), stem('archive')]),
    );
    expect(glossary.translate('下载', true)).toContain(stem('download'));
    expect(glossary.translate('processes', false)).toContain('进程');
    expect(glossary.translate('checksum', false)).toContain('校验');
    expect(glossary.translate('不存在的词', true)).toEqual([]);
  });
});

describe('no match', () => {
  it('tells the model to search again in the other language', () => {
    const none = { total: 0, hits: [] };
    expect(formatSearchResult(none, 'en', { keyword: 'zzqq' })).toContain('Search again in Chinese');
    expect(formatSearchResult(none, 'en', { keyword: '某某' })).toContain('Search again in English');
    expect(formatSearchResult(none, 'zh', { keyword: '某某' })).toContain('请用英文关键词再搜一次');
  });
});
