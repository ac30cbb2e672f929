/** One-time sign-in codes: each works once, until it expires, and only the newest 16 are held. */
import { describe, expect, it } from 'vitest';
import { createSignInCodes, signInLink } from '../../src/server/sign-in-codes.js';

describe('sign-in codes', () => {
  it('work once, expire, and keep at most 16', () => {
    let now = 1_000;
    const codes = createSignInCodes({ ttlMs: 600_000, now: () => now });
    const first = codes.issue();
    expect(first.code).toMatch(/^[\w-]{22}$/);
    expect(first.expiresAt.getTime()).toBe(601_000);
    expect(codes.redeem(first.code)).toBe(true);
    expect(codes.redeem(first.code)).toBe(false);

    const late = codes.issue();
    now += 600_000;
    expect(codes.redeem(late.code)).toBe(false);

    const many = Array.from({ length: 17 }, () => codes.issue().code);
    expect(codes.redeem(many[0] as string)).toBe(false);
    expect(codes.redeem(many[16] as string)).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'not-a-code', 42 as unknown as string])
      expect(codes.redeem(bad)).toBe(false);
    expect(signInLink('http://127.0.0.1:8765', 'abc')).toBe('http://127.0.0.1:8765/#sign-in=abc');
  });
});
