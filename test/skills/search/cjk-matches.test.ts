import { describe, expect, it } from 'vitest';
import { cjkMatches } from '../../../src/skills/search/cjk-matches.js';
import { indexPostings } from '../../../src/skills/search/postings.js';
import { createSearchDocCache, docOf } from '../../../src/skills/search/search-docs.js';
import type { Skill } from '../../../src/skills/types.js';

const skill = (name: string, summary: string, content: string): Skill => ({
  name,
  type: 'markdown',
  summary,
  content,
  path: `/skills/${name}.md`,
  status: 'ok',
});

describe('cjk matches', () => {
  const cache = createSearchDocCache();
  const docs = [
    skill('mail', '发送邮件', '用邮箱发送邮件，发送邮件'),
    skill('parts', '邮件发', '件发送'), // the bigrams of 发送邮件 split between its fields
  ].map((s) => docOf(s, cache));
  const cjk = cjkMatches(docs, indexPostings(docs).postings);

  it('a 2-character term: its bigram; a longer one: all bigrams, then the text itself', () => {
    expect(cjk.postingsOf('邮件')).toEqual([1, 2, 4]);
    expect(cjk.postingsOf('发送邮件')).toEqual([1, 2]);
    expect(cjk.postingsOf('天气')).toEqual([]);
  });

  it('counts a term by its rarest bigram in the field, 1 when unknown', () => {
    expect(cjk.frequency(2, '发送邮件')).toBe(2);
    expect(cjk.frequency(1, '发送邮件')).toBe(1);
    expect(cjk.frequency(2, '天气')).toBe(1);
  });
});
