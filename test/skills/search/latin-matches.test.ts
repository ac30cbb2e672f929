import { describe, expect, it } from 'vitest';
import {
  abbreviationFinder,
  EXACT,
  latinMatcher,
  PREFIX,
  SUBSTRING,
} from '../../../src/skills/search/latin-matches.js';

describe('latin matches', () => {
  it('whole words, prefixes of 3+ characters, substrings of 4+; CJK tokens are not words', () => {
    const match = latinMatcher(['find', 'findmnt', 'refind', 'fi', '查找']);
    expect(match('find')).toEqual([
      ['find', EXACT],
      ['findmnt', PREFIX],
      ['refind', SUBSTRING],
    ]);
    expect(match('fi')).toEqual([['fi', EXACT]]);
    expect(match('fin')).toEqual([
      ['find', PREFIX],
      ['findmnt', PREFIX],
    ]);
    expect(match('查找')).toEqual([]);
    expect(match('find')).toBe(match('find'));
  });

  it('names of 3+ characters a longer word starts with', () => {
    const abbreviating = abbreviationFinder(['uniq', 'seq', 'ls', 'unique']);
    expect(abbreviating('unique')).toEqual([0]);
    expect(abbreviating('sequence')).toEqual([1]);
    expect(abbreviating('lsblk')).toEqual([]);
  });

  it('stays bounded under many distinct words', () => {
    const match = latinMatcher(['word']);
    for (let i = 0; i < 5000; i += 1) match(`w${i}`);
    expect(match('word')).toEqual([['word', EXACT]]);
  });
});
