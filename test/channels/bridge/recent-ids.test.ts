import { describe, expect, it } from 'vitest';
import { createRecentIds } from '../../../src/channels/bridge/recent-ids.js';

describe('recent ids', () => {
  it('sees an id once and forgets the oldest past capacity', () => {
    const recent = createRecentIds(2);
    expect(recent.firstSeen('a')).toBe(true);
    expect(recent.firstSeen('a')).toBe(false);
    recent.firstSeen('b');
    recent.firstSeen('c');
    expect(recent.firstSeen('a')).toBe(true);
  });
});
