import { describe, expect, it } from 'vitest';
import { createRateLimit } from '../../../src/channels/access/rate-limit.js';
import { createStrangerGate } from '../../../src/channels/access/stranger-gate.js';

describe('stranger limits', () => {
  it('limits each key and everybody, refills with time, and forgets the oldest key', () => {
    let now = 0;
    const limit = createRateLimit({
      perKey: { burst: 2, perMinute: 0 },
      overall: { burst: 3, perMinute: 60 },
      maxKeys: 3,
      now: () => now,
    });
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([true, true, false]);
    expect([limit.take('b'), limit.take('c')]).toEqual([true, false]); // everybody's tokens are spent
    now += 1000; // one token back for everybody, none for a
    expect([limit.take('a'), limit.take('c')]).toEqual([false, true]);
    now += 60_000;
    // A fourth key forgets the least recently seen (b): b starts over with a full bucket.
    expect(limit.take('d')).toBe(true);
    expect([limit.take('b'), limit.take('b'), limit.take('b')]).toEqual([true, true, false]);
  });

  it('counts the lines it leaves out and says so on the next one', () => {
    let now = 0;
    const gate = createStrangerGate({ logPerMinute: 2, refusalsPerMinute: 1 }, () => now);
    expect(gate.log('x')).toEqual({ write: true, unlogged: 0 });
    expect(gate.log('y')).toEqual({ write: true, unlogged: 0 });
    expect(gate.log('z').write).toBe(false);
    expect(gate.log('z').write).toBe(false);
    now += 30_000;
    expect(gate.log('z')).toEqual({ write: true, unlogged: 2 });
    expect([gate.mayRefuse('x'), gate.mayRefuse('y')]).toEqual([true, false]);
    now += 60_000;
    expect([gate.mayRefuse('x'), gate.mayRefuse('y')]).toEqual([false, true]);
  });
});
