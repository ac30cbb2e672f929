import { describe, expect, it } from 'vitest';
import { firstRunAt } from '../../src/tasks/first-run.js';
import type { Schedule } from '../../src/tasks/types.js';

const now = new Date('2026-11-30T10:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe('first run of a schedule', () => {
  it('a start still ahead is the first run, one-off or repeating', () => {
    const start = '2026-11-30T12:00:00.000Z';
    expect(firstRunAt({ kind: 'once', start, timezone: 'UTC' }, now)).toBe(at(start));
    expect(firstRunAt({ kind: 'daily', start, timezone: 'UTC' }, now)).toBe(at(start));
  });

  it('a one-off whose time has passed keeps it (it is due at once); a repeat goes to its next occurrence', () => {
    const start = '2026-11-28T09:00:00.000Z';
    expect(firstRunAt({ kind: 'once', start, timezone: 'UTC' }, now)).toBe(at(start));
    expect(firstRunAt({ kind: 'daily', start, timezone: 'UTC' }, now)).toBe(at('2026-12-01T09:00:00.000Z'));
    const hourly: Schedule = { kind: 'interval', start, every: 1, unit: 'hours', timezone: 'UTC' };
    expect(firstRunAt(hourly, now)).toBe(at('2026-11-30T10:00:00.000Z'));
  });

  it('a repeat that has ended has no first run', () => {
    const ended: Schedule = {
      kind: 'daily',
      start: '2026-11-01T09:00:00.000Z',
      end: '2026-11-20T00:00:00.000Z',
      timezone: 'UTC',
    };
    expect(firstRunAt(ended, now)).toBeNull();
  });
});
