import { describe, expect, it } from 'vitest';
import { fromStored, tokenize } from '../../../src/skills/search/doc-tokens.js';

describe('doc tokens', () => {
  it('counts stemmed words and CJK uni- and bigrams per field; the whole name and joined summary pairs too', () => {
    const doc = tokenize(['unit_convert', 'file system tools', '发送邮件 sending emails emails']);
    const [name, summary, content] = doc.tf.map(fromStored);
    expect(name?.get('unit_convert')).toBe(1);
    expect(name?.get('unit')).toBe(1);
    expect(summary?.get('filesystem')).toBe(1);
    expect(content?.get('发')).toBe(1);
    expect(content?.get('邮件')).toBe(1);
    expect(content?.get('email')).toBe(2);
    // Lengths count words and single characters, at least 1 (an empty field still divides).
    expect(doc.len).toEqual([2, 3, 7]);
    expect(tokenize(['', '', '']).len).toEqual([1, 1, 1]);
  });

  it('stores a field as two flat arrays that read back as the same counts', () => {
    const doc = tokenize(['a', 'b', 'c c']);
    expect(doc.tf[2]).toEqual([['c'], [2]]);
    expect(fromStored(doc.tf[2])).toEqual(new Map([['c', 2]]));
  });
});
