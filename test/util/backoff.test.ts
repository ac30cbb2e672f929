import { describe, expect, it } from 'vitest';
import { backoffDelay, createBackoff } from '../../src/util/backoff.js';

describe('backoff', () => {
  it('doubles up to the cap and starts over after reset', () => {
    const backoff = createBackoff(100, 1000, { random: () => 0 });
    expect([1, 2, 3, 4, 5].map(() => backoff.next())).toEqual([100, 200, 400, 800, 1000]);
    backoff.reset();
    expect(backoff.next()).toBe(100);
  });

  it('shortens each wait by at most its jitter, none without', () => {
    expect(backoffDelay(2, 100, 1000, { random: () => 0.999 })).toBe(300);
    expect(backoffDelay(2, 100, 1000, { jitter: 0.5, random: () => 1 })).toBe(200);
    expect(backoffDelay(2, 100, 1000, { jitter: 0, random: () => 1 })).toBe(400);
    expect(backoffDelay(100, 100, 1000, { jitter: 0 })).toBe(1000);
  });
});
