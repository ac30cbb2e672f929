/**
 * Occurrences of a schedule. Every occurrence is derived from the schedule's
 * anchor (`start`), never from "now", so repeats do not drift; month ends clamp
 * per month without losing the anchor day (Jan 31 → Feb 28/29 → Mar 31).
 */
import { createRequire } from 'node:module';
import type { Cron } from 'croner';
import type { Schedule } from './types.js';
import { calendarDaysBetween, daysInMonth, fromWallTime, type WallTime, wallTime } from './zoned-time.js';

/** Length of one interval unit (a `days` interval itself steps by calendar days, across DST). */
export const INTERVAL_UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

export function isRepeating(schedule: Schedule): boolean {
  return schedule.kind !== 'once' && schedule.kind !== 'immediate';
}

/**
 * croner (33 KB) is loaded by the first cron schedule, not with the task store at start. The calls
 * here are synchronous, so it is its CommonJS build, required on demand (the bundle keeps croner
 * external for that: scripts/build.mjs).
 */
let cronClass: typeof Cron | undefined;
function loadCron(): typeof Cron {
  cronClass ??= (createRequire(import.meta.url)('croner') as typeof import('croner')).Cron;
  return cronClass;
}

export function cronFor(schedule: Schedule): Cron {
  const CronClass = loadCron();
  return new CronClass(schedule.cron ?? '', { timezone: schedule.timezone, paused: true });
}

/** The k-th occurrence (k ≥ 0) of a wall-clock repeating schedule. */
function nthWall(schedule: Schedule, anchor: WallTime, k: number): Date {
  const kind = schedule.kind;
  if (kind === 'monthly') {
    const monthIndex = anchor.month - 1 + k;
    const year = anchor.year + Math.floor(monthIndex / 12);
    const month = (((monthIndex % 12) + 12) % 12) + 1;
    const day = Math.min(anchor.day, daysInMonth(year, month));
    return fromWallTime({ ...anchor, year, month, day }, schedule.timezone);
  }
  const stepDays = kind === 'weekly' ? 7 : kind === 'daily' ? 1 : (schedule.every ?? 1);
  return fromWallTime({ ...anchor, day: anchor.day + k * stepDays }, schedule.timezone);
}

/** Rough index of the occurrence nearest to `after`, refined by the caller. */
function estimateIndex(schedule: Schedule, anchor: WallTime, after: Date): number {
  const target = wallTime(after, schedule.timezone);
  if (schedule.kind === 'monthly') return (target.year - anchor.year) * 12 + (target.month - anchor.month);
  const stepDays = schedule.kind === 'weekly' ? 7 : schedule.kind === 'daily' ? 1 : (schedule.every ?? 1);
  return Math.floor(calendarDaysBetween(anchor, target) / stepDays);
}

function withinEnd(schedule: Schedule, date: Date | null): Date | null {
  if (!date) return null;
  if (schedule.end && date.getTime() > Date.parse(schedule.end)) return null;
  return date;
}

/** The first occurrence (for cron: the first match at or after `start`). */
export function firstOccurrence(schedule: Schedule): Date | null {
  const start = new Date(schedule.start);
  if (schedule.kind === 'cron')
    return withinEnd(schedule, cronFor(schedule).nextRun(new Date(start.getTime() - 1)));
  return withinEnd(schedule, start);
}

/** The earliest occurrence strictly after `after`, or null when the schedule is over. */
export function nextOccurrence(schedule: Schedule, after: Date): Date | null {
  const start = new Date(schedule.start);
  const afterMs = after.getTime();
  switch (schedule.kind) {
    case 'once':
    case 'immediate':
      return withinEnd(schedule, start.getTime() > afterMs ? start : null);
    case 'cron': {
      const from = Math.max(afterMs, start.getTime() - 1);
      return withinEnd(schedule, cronFor(schedule).nextRun(new Date(from)));
    }
    case 'interval':
      if (schedule.unit !== 'days') {
        const step = (schedule.every ?? 1) * INTERVAL_UNIT_MS[schedule.unit ?? 'minutes'];
        if (start.getTime() > afterMs) return withinEnd(schedule, start);
        const k = Math.floor((afterMs - start.getTime()) / step) + 1;
        return withinEnd(schedule, new Date(start.getTime() + k * step));
      }
      break;
    default:
      break;
  }
  if (start.getTime() > afterMs) return withinEnd(schedule, start);
  const anchor = wallTime(start, schedule.timezone);
  let k = Math.max(0, estimateIndex(schedule, anchor, after) - 1);
  for (;;) {
    const candidate = nthWall(schedule, anchor, k);
    if (candidate.getTime() > afterMs) return withinEnd(schedule, candidate);
    k++;
  }
}
