import { describe, expect, it } from 'vitest';
import { createCachedToken } from '../../src/channels/cached-token.js';

describe('createCachedToken', () => {
  it('asks the vendor once for a burst of calls, again after forget, and again after a failed fetch', async () => {
    let asked = 0;
    let fail = false;
    const token = createCachedToken(async () => {
      asked += 1;
      if (fail) throw new Error('vendor down');
      return { value: `t${asked}`, lifetimeMs: 3_600_000 };
    }, 60_000);
    expect(await Promise.all([token.get(), token.get(), token.get()])).toEqual(['t1', 't1', 't1']);
    expect(asked).toBe(1);
    token.forget();
    fail = true;
    await expect(token.get()).rejects.toThrow('vendor down');
    fail = false;
    expect(await token.get()).toBe('t3');
  });

  it('renews a token whose lifetime is inside the margin on every call', async () => {
    let asked = 0;
    const token = createCachedToken(async () => ({ value: `t${++asked}`, lifetimeMs: 1000 }), 60_000);
    expect(await token.get()).toBe('t1');
    expect(await token.get()).toBe('t2');
  });
});
