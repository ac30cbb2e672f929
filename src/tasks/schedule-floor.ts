/**
 * The floor on how often a task may run (`scheduler.min_interval_s`, at least one
 * minute): every run is a model call, so a per-second cron or a 10-second interval is
 * refused when the schedule is built, with a message naming the schedule and the floor.
 */
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { taskMessages } from './messages.js';
import { cronFor, INTERVAL_UNIT_MS } from './recurrence.js';
import type { Schedule } from './types.js';

/** The floor when none is configured (also the lowest one accepted). */
export const MIN_INTERVAL_S = 60;

/** Consecutive cron runs compared to find the shortest gap. */
const CRON_SAMPLE = 50;

/** A 6-field cron whose seconds field is not one fixed second fires several times a minute. */
function firesEverySecond(expression: string): boolean {
  const fields = expression.trim().split(/\s+/);
  return fields.length >= 6 && !/^\d{1,2}$/.test(fields[0] ?? '');
}

function shortestCronGapMs(schedule: Schedule): number {
  const runs = cronFor(schedule).nextRuns(CRON_SAMPLE, new Date(schedule.start));
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) {
    shortest = Math.min(shortest, (runs[i]?.getTime() ?? 0) - (runs[i - 1]?.getTime() ?? 0));
  }
  return shortest;
}

/** Throws AppError `too_frequent` when `schedule` may run more often than every `minIntervalS` seconds. */
export function assertNotTooFrequent(
  schedule: Schedule,
  minIntervalS: number,
  lang: Lang,
  label: string,
): void {
  const floorMs = Math.max(MIN_INTERVAL_S, minIntervalS) * 1000;
  let gapMs = Number.POSITIVE_INFINITY;
  if (schedule.kind === 'cron' && schedule.cron !== undefined) {
    gapMs = firesEverySecond(schedule.cron) ? 1000 : shortestCronGapMs(schedule);
  } else if (schedule.kind === 'interval') {
    gapMs = (schedule.every ?? 1) * INTERVAL_UNIT_MS[schedule.unit ?? 'minutes'];
  }
  if (gapMs < floorMs) {
    throw new AppError('too_frequent', taskMessages(lang).tooFrequent(label, floorMs / 1000), {
      details: { minIntervalS: floorMs / 1000 },
    });
  }
}
