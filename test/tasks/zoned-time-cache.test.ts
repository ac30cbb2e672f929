/**
 * The time-zone formatters are cached by the zone's spelling, which the model and chats supply:
 * the cache stays bounded however many spellings come, and what it returns stays right.
 */
import { describe, expect, it } from 'vitest';
import {
  FORMATTERS_KEPT,
  isValidTimeZone,
  keptFormatterCount,
  wallTime,
} from '../../src/tasks/zoned-time.js';

/** The `n`-th of the 2^20 upper/lower-case spellings of the same zone, all valid for Intl. */
function spelling(n: number): string {
  const letters = [...'America/Los_Angeles'];
  let bit = 0;
  return letters
    .map((c) => {
      if (!/[a-z]/i.test(c)) return c;
      const upper = ((n >> bit++) & 1) === 1;
      return upper ? c.toUpperCase() : c.toLowerCase();
    })
    .join('');
}

describe('zoned-time formatter cache', () => {
  it('keeps at most FORMATTERS_KEPT formatters for 2,000 spellings of a zone', () => {
    const instant = new Date('2026-07-01T12:00:00Z');
    for (let n = 0; n < 2000; n++) {
      const zone = spelling(n);
      expect(isValidTimeZone(zone)).toBe(true);
      expect(wallTime(instant, zone).hour).toBe(5); // PDT, UTC−7
      expect(keptFormatterCount()).toBeLessThanOrEqual(FORMATTERS_KEPT);
    }
    expect(keptFormatterCount()).toBe(FORMATTERS_KEPT);
  });
});
