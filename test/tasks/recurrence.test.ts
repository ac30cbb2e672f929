import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { describeSchedule } from '../../src/tasks/describe.js';
import { firstOccurrence, nextOccurrence } from '../../src/tasks/recurrence.js';
import type { Schedule } from '../../src/tasks/types.js';

/** The first n occurrences, each computed from the previous one (never from "now"). */
function series(schedule: Schedule, n: number): string[] {
  const out: string[] = [];
  let at = firstOccurrence(schedule);
  while (at && out.length < n) {
    out.push(at.toISOString());
    at = nextOccurrence(schedule, at);
  }
  return out;
}

const utc = (kind: Schedule['kind'], start: string, extra: Partial<Schedule> = {}): Schedule => ({
  kind,
  start,
  timezone: 'UTC',
  ...extra,
});

describe('recurrence', () => {
  it('monthly keeps the anchor day across short months (Jan 31 → Feb 28 → Mar 31), leap years included', () => {
    expect(series(utc('monthly', '2026-01-31T09:00:00.000Z'), 4)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
    ]);
    expect(series(utc('monthly', '2027-12-31T09:00:00.000Z'), 3)).toEqual([
      '2027-12-31T09:00:00.000Z',
      '2028-01-31T09:00:00.000Z',
      '2028-02-29T09:00:00.000Z',
    ]);
  });

  it('daily and every-N-days go through month ends and Feb 29', () => {
    expect(series(utc('daily', '2028-02-28T23:30:00.000Z'), 3)).toEqual([
      '2028-02-28T23:30:00.000Z',
      '2028-02-29T23:30:00.000Z',
      '2028-03-01T23:30:00.000Z',
    ]);
    expect(series(utc('interval', '2026-01-30T08:00:00.000Z', { every: 2, unit: 'days' }), 3)).toEqual([
      '2026-01-30T08:00:00.000Z',
      '2026-02-01T08:00:00.000Z',
      '2026-02-03T08:00:00.000Z',
    ]);
    expect(series(utc('weekly', '2026-02-26T10:00:00.000Z'), 2)).toEqual([
      '2026-02-26T10:00:00.000Z',
      '2026-03-05T10:00:00.000Z',
    ]);
  });

  it('keeps wall-clock time across DST in America/New_York (2026-03-08, 2026-11-01)', () => {
    const ny = { kind: 'daily', start: '2026-03-07T14:00:00.000Z', timezone: 'America/New_York' } as Schedule; // 09:00 EST
    expect(series(ny, 3)).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-09T13:00:00.000Z',
    ]);
    const fall = {
      kind: 'daily',
      start: '2026-10-31T13:00:00.000Z',
      timezone: 'America/New_York',
    } as Schedule; // 09:00 EDT
    expect(series(fall, 3)).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    // 02:30 does not exist on 2026-03-08: it runs at 03:30 EDT that day, and 02:30 again after.
    const gap = {
      kind: 'daily',
      start: '2026-03-07T07:30:00.000Z',
      timezone: 'America/New_York',
    } as Schedule;
    expect(series(gap, 3)).toEqual([
      '2026-03-07T07:30:00.000Z',
      '2026-03-08T07:30:00.000Z',
      '2026-03-09T06:30:00.000Z',
    ]);
    // Hour intervals are absolute: 4 hours is always 4 hours.
    const hours = {
      kind: 'interval',
      every: 4,
      unit: 'hours',
      start: '2026-03-08T04:00:00.000Z',
      timezone: 'America/New_York',
    } as Schedule;
    expect(series(hours, 2)).toEqual(['2026-03-08T04:00:00.000Z', '2026-03-08T08:00:00.000Z']);
  });

  it('keeps wall-clock time across DST in Europe/Berlin', () => {
    const berlin = {
      kind: 'weekly',
      start: '2026-03-22T07:00:00.000Z',
      timezone: 'Europe/Berlin',
    } as Schedule; // 08:00 CET
    expect(series(berlin, 2)).toEqual(['2026-03-22T07:00:00.000Z', '2026-03-29T06:00:00.000Z']);
    const cron = buildSchedule(
      { cron: '0 9 * * *', timezone: 'Europe/Berlin' },
      { now: new Date('2026-10-24T12:00:00Z'), lang: 'en' },
    );
    expect(series(cron, 2)).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('stops at the end time', () => {
    const s = utc('daily', '2026-05-01T09:00:00.000Z', { end: '2026-05-03T12:00:00.000Z' });
    expect(series(s, 10)).toHaveLength(3);
    expect(nextOccurrence(s, new Date('2026-05-03T09:00:00Z'))).toBeNull();
  });

  it('computes the next run from the schedule, not from the time it is asked (no drift)', () => {
    const s = utc('interval', '2026-05-01T09:00:00.000Z', { every: 30, unit: 'minutes' });
    expect(nextOccurrence(s, new Date('2026-05-01T09:07:13.500Z'))?.toISOString()).toBe(
      '2026-05-01T09:30:00.000Z',
    );
    expect(nextOccurrence(s, new Date('2026-05-03T17:59:59Z'))?.toISOString()).toBe(
      '2026-05-03T18:00:00.000Z',
    );
    const m = utc('monthly', '2026-01-31T09:00:00.000Z');
    expect(nextOccurrence(m, new Date('2026-06-15T00:00:00Z'))?.toISOString()).toBe(
      '2026-06-30T09:00:00.000Z',
    );
  });
});

describe('buildSchedule', () => {
  const now = new Date('2026-11-30T10:00:00Z');
  const opts = { now, lang: 'en' as const, defaultTimezone: 'Asia/Shanghai' };
  it('builds every kind', () => {
    expect(buildSchedule({ at: '+30m' }, opts)).toMatchObject({
      kind: 'once',
      start: '2026-11-30T10:30:00.000Z',
    });
    expect(buildSchedule({ immediate: true }, opts)).toMatchObject({
      kind: 'immediate',
      start: now.toISOString(),
    });
    expect(buildSchedule({ every: 'daily', at: '明天 9点' }, opts)).toMatchObject({
      kind: 'daily',
      start: '2026-12-01T01:00:00.000Z',
    });
    expect(buildSchedule({ every: '2h', immediate: true }, opts)).toMatchObject({
      kind: 'interval',
      every: 2,
      unit: 'hours',
    });
    expect(buildSchedule({ every: '每3天' }, opts)).toMatchObject({
      kind: 'interval',
      every: 3,
      unit: 'days',
    });
    expect(buildSchedule({ cron: '*/5 * * * *', timezone: 'Europe/Berlin' }, opts)).toMatchObject({
      kind: 'cron',
      timezone: 'Europe/Berlin',
    });
    const s = buildSchedule({ every: 'monthly', at: '2027-01-31 09:00', until: '2027-06-01 00:00' }, opts);
    expect(describeSchedule(s, 'en')).toBe(
      'monthly on day 31 at 09:00, until 2027-06-01 00:00 (Asia/Shanghai)',
    );
    expect(describeSchedule(s, 'zh')).toContain('每月 31 日 09:00');
  });
  it('rejects bad input with clear errors', () => {
    const codes = (spec: Parameters<typeof buildSchedule>[0]) => {
      try {
        buildSchedule(spec, opts);
        return 'ok';
      } catch (error) {
        return isAppError(error) ? error.code : 'other';
      }
    };
    expect(codes({ every: 'fortnightly-ish' })).toBe('bad_every');
    expect(codes({ cron: 'not a cron' })).toBe('bad_cron');
    expect(codes({ at: '+1h', timezone: 'Mars/Olympus' })).toBe('bad_timezone');
    expect(codes({ at: '+2h', until: '+1h' })).toBe('bad_schedule');
    expect(codes({ at: 'whenever' })).toBe('bad_time');
  });
});
