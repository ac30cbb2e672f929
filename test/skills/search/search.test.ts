import { describe, expect, it } from 'vitest';
import { formatSearchResult } from '../../../src/skills/search/format-search.js';
import { buildSearchIndex } from '../../../src/skills/search/search-index.js';
import { createSegmenter } from '../../../src/skills/search/segmenter.js';
import type { Skill } from '../../../src/skills/types.js';

const segmenter = createSegmenter();

function skill(name: string, summary: string, content = summary, type: Skill['type'] = 'executable'): Skill {
  return { name, type, summary, content, path: `/skills/${name}`, status: 'ok' };
}

const skills = [
  skill(
    '163mail',
    '使用163邮箱发送邮件',
    '使用163邮箱发送邮件\n\n用法: 163mail --to ADDR --subject 标题 --body 内容',
  ),
  skill(
    'weather',
    'Weather forecast for a city',
    'Weather forecast for a city\n\nusage: weather --city NAME',
  ),
  skill(
    'unit_convert',
    '单位换算工具 - 温度、长度、重量',
    'usage: unit_convert VALUE -f SRC -t DST\n\n单位换算工具 - 温度、长度、重量',
  ),
  skill('review', '代码审查清单', '1. 正确性\n2. 安全：命令注入', 'markdown'),
];
const index = buildSearchIndex(skills, segmenter);
const names = (keyword: string) => index.search(keyword).hits.map((h) => h.skill.name);

describe('search', () => {
  it.each(['邮件', '发邮件', '发送 邮件', '163', '使用163邮箱发送邮件', '邮箱'])(
    'finds the 163 mail skill by %s',
    (keyword) => {
      expect(names(keyword)[0]).toBe('163mail');
    },
  );

  it('finds an English skill by a lower-case partial word, case-insensitively', () => {
    expect(names('weath')).toEqual(['weather']);
    expect(names('FORECAST')).toEqual(['weather']);
    expect(names('recast')).toEqual(['weather']);
    expect(names('convert')).toEqual(['unit_convert']);
  });

  it('reads only the first 500 characters of a query (a long one would hold up the event loop)', () => {
    const padding = '无关 '.repeat(166); // 498 characters
    expect(names(`${padding}邮件`)).toContain('163mail');
    expect(names(`${padding}无关 邮件`)).not.toContain('163mail');
  });

  it('finds words in the content only', () => {
    expect(names('注入')).toEqual(['review']);
    expect(index.search('注入').hits[0]?.snippet).toContain('命令注入');
  });

  it('an empty keyword lists every skill, sorted by name', () => {
    const all = index.search('  ');
    expect(all.total).toBe(4);
    expect(all.hits.map((h) => h.skill.name)).toEqual(['163mail', 'review', 'unit_convert', 'weather']);
  });

  it('ranks name hits over summary hits over content hits, and more matched terms first', () => {
    const ranking = buildSearchIndex(
      [
        skill('c-content', 'Something else', 'Something else\nalso handles backup'),
        skill('b-summary', 'Backup your files', 'Backup your files'),
        skill('a-backup', 'Copies things', 'Copies things'),
        skill('d-both', 'Backup to a remote server', 'Backup to a remote server'),
      ],
      segmenter,
    );
    expect(ranking.search('backup').hits.map((h) => h.skill.name)).toEqual([
      'a-backup',
      'b-summary',
      'd-both',
      'c-content',
    ]);
    expect(ranking.search('backup remote').hits.map((h) => h.skill.name)[0]).toBe('d-both');
    const scores = ranking.search('backup').hits.map((h) => h.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it('returns the total with a limited list, and nothing for no match', () => {
    const r = buildSearchIndex(skills, segmenter).search('单位 温度 邮件', 1);
    expect(r.total).toBe(2);
    expect(r.hits).toHaveLength(1);
    expect(index.search('zzzqqq')).toEqual({ total: 0, hits: [] });
  });
});

describe('formatSearchResult', () => {
  it('gives name, type, summary, usage, snippet and full content (zh and en)', () => {
    const result = index.search('邮件');
    const zh = formatSearchResult(result, 'zh', { keyword: '邮件' });
    expect(zh).toContain('163mail');
    expect(zh).toContain('可执行');
    expect(zh).toContain('163mail --help');
    expect(zh).toContain('用法: 163mail --to ADDR --subject 标题 --body 内容');
    const en = formatSearchResult(index.search('审查'), 'en', { keyword: '审查' });
    expect(en).toContain('[Markdown] review — 代码审查清单');
    expect(en).toContain('read the body below');
    expect(en).toContain('2. 安全：命令注入');
  });

  it('keeps full content within the budget', () => {
    const long = skill('long', 'Long help', `Long help\n${'x'.repeat(5000)}`);
    const other = skill('other', 'Long help too', `Long help too\n${'y'.repeat(5000)}`);
    const text = formatSearchResult(buildSearchIndex([long, other], segmenter).search('long'), 'en', {
      keyword: 'long',
      contentBudget: 6000,
    });
    expect(text).toContain('x'.repeat(5000));
    expect(text).not.toContain('y'.repeat(5000));
    expect(text.length).toBeLessThan(7000);
  });

  it('says so when nothing matches or there are no skills', () => {
    expect(formatSearchResult({ total: 0, hits: [] }, 'en', { keyword: 'zz' })).toContain(
      'No skill matches "zz"',
    );
    expect(formatSearchResult({ total: 0, hits: [] }, 'zh')).toBe('技能目录下暂无技能。');
  });
});
