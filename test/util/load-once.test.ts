import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../src/util/load-once.js';

describe('loadOnce', () => {
  it('loads once for concurrent callers, and tries again after a failed load', async () => {
    let calls = 0;
    const value = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first load fails');
      return `v${calls}`;
    });
    expect(value.loaded).toBeUndefined();
    await expect(value.load()).rejects.toThrow('first load fails');
    expect(await Promise.all([value.load(), value.load()])).toEqual(['v2', 'v2']);
    expect(value.loaded).toBe('v2');
    expect(calls).toBe(2);
  });
});
