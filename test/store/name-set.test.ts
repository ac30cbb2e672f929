/** The names kept in one TEXT column (src/store/name-set.ts): a hand-edited column never breaks a read. */
import { describe, expect, it } from 'vitest';
import { decodeNames, encodeNames, unionNames } from '../../src/store/name-set.js';

describe('a set of names in a column', () => {
  it('writes a sorted array once each, NULL for none, and reads it back', () => {
    expect(encodeNames(['web', 'file', 'web', ''])).toBe('["file","web"]');
    expect(encodeNames([])).toBeNull();
    expect(decodeNames('["file","web"]')).toEqual(['file', 'web']);
    expect(unionNames(['web'], null, ['mcp:fs', 'web'])).toEqual(['mcp:fs', 'web']);
  });

  it('reads broken JSON, a non-array, other types, a huge array and long names as at most 32 short names', () => {
    expect(decodeNames('{')).toEqual([]);
    expect(decodeNames('{"web":1}')).toEqual([]);
    expect(decodeNames('"web"')).toEqual([]);
    expect(decodeNames('[1, null, {"a":1}, "web"]')).toEqual(['web']);
    const many = JSON.stringify(Array.from({ length: 100_000 }, (_, i) => `kind-${i}`));
    expect(decodeNames(many)).toHaveLength(32);
    const long = decodeNames(JSON.stringify(['x'.repeat(1_000_000)]));
    expect(long).toEqual(['x'.repeat(100)]);
  });
});
