/**
 * Turns loose user/model input (CLI flags, tool arguments, `task` frames) into a
 * validated `Schedule`. Every unparsable value throws a clear AppError; nothing
 * is stored as garbage.
 */
import { AppError, describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { taskMessages } from './messages.js';
import { parseWhen } from './parse-time.js';
import { cronFor, firstOccurrence, INTERVAL_UNIT_MS } from './recurrence.js';
import { assertNotTooFrequent, MIN_INTERVAL_S } from './schedule-floor.js';
import type { IntervalUnit, Schedule, ScheduleKind } from './types.js';
import { isValidTimeZone, systemTimeZone } from './zoned-time.js';

export interface ScheduleSpec {
  /** First (or only) run: any `parseWhen` form. */
  at?: string;
  /** Repeat: daily | weekly | monthly | 30m | 2h | 1d | 每天 | 每2小时 … */
  every?: string;
  cron?: string;
  timezone?: string;
  /** No run after this (any `parseWhen` form). */
  until?: string;
  /** First run now. */
  immediate?: boolean;
}

interface BuildScheduleOptions {
  now: Date;
  lang: Lang;
  /** Zone when the spec names none (config `scheduler.timezone`, else the system's). */
  defaultTimezone?: string;
  /** First run when neither `at` nor `immediate` is given (the original: +30 min). */
  defaultDelayMs?: number;
  /** Shortest time between runs (config `scheduler.min_interval_s`; default and floor 60). */
  minIntervalS?: number;
}

interface Repeat {
  kind: ScheduleKind;
  every?: number;
  unit?: IntervalUnit;
}

const NAMED: Record<string, Repeat> = {
  daily: { kind: 'daily' },
  day: { kind: 'daily' },
  每天: { kind: 'daily' },
  每日: { kind: 'daily' },
  weekly: { kind: 'weekly' },
  week: { kind: 'weekly' },
  每周: { kind: 'weekly' },
  每星期: { kind: 'weekly' },
  monthly: { kind: 'monthly' },
  month: { kind: 'monthly' },
  每月: { kind: 'monthly' },
  hourly: { kind: 'interval', every: 1, unit: 'hours' },
  每小时: { kind: 'interval', every: 1, unit: 'hours' },
};

const UNIT_WORDS: Record<string, IntervalUnit> = {
  m: 'minutes',
  min: 'minutes',
  mins: 'minutes',
  minute: 'minutes',
  minutes: 'minutes',
  分钟: 'minutes',
  h: 'hours',
  hour: 'hours',
  hours: 'hours',
  小时: 'hours',
  个小时: 'hours',
  d: 'days',
  day: 'days',
  days: 'days',
  天: 'days',
};

function parseEvery(text: string, lang: Lang): Repeat {
  const t = text.trim().toLowerCase();
  const named = NAMED[t];
  if (named) return named;
  const m = /^(?:every\s+|每\s*)?(\d+)\s*([a-z个小时分钟天]+)$/.exec(t);
  const unit = m ? UNIT_WORDS[m[2] ?? ''] : undefined;
  const every = m ? Number(m[1]) : 0;
  if (!unit || every < 1)
    throw new AppError('bad_every', taskMessages(lang).badEvery(text), { details: { input: text } });
  return { kind: 'interval', every, unit };
}

function resolveTimezone(zone: string | undefined, lang: Lang, fallback?: string): string {
  const chosen = zone?.trim() || fallback?.trim() || systemTimeZone();
  if (!isValidTimeZone(chosen)) throw new AppError('bad_timezone', taskMessages(lang).badZone(chosen));
  return chosen;
}

function firstDelayMs(repeat: Repeat): number {
  if (repeat.kind === 'interval') return (repeat.every ?? 1) * INTERVAL_UNIT_MS[repeat.unit ?? 'minutes'];
  return repeat.kind === 'weekly' ? 7 * 86_400_000 : 86_400_000;
}

export function buildSchedule(spec: ScheduleSpec, options: BuildScheduleOptions): Schedule {
  const { now, lang } = options;
  const t = taskMessages(lang);
  const timezone = resolveTimezone(spec.timezone, lang, options.defaultTimezone);
  const parse = (text: string) => parseWhen(text, { now, timezone, lang });
  const cron = spec.cron?.trim();
  if (cron && spec.every?.trim()) throw new AppError('bad_schedule', t.cronAndEvery);
  const repeat = spec.every?.trim() ? parseEvery(spec.every, lang) : undefined;

  let start: Date;
  if (spec.immediate) start = now;
  else if (spec.at?.trim()) start = parse(spec.at);
  else if (repeat) start = new Date(now.getTime() + firstDelayMs(repeat));
  else start = new Date(now.getTime() + (cron ? 0 : (options.defaultDelayMs ?? 30 * 60_000)));

  const kind: ScheduleKind = cron ? 'cron' : repeat ? repeat.kind : spec.immediate ? 'immediate' : 'once';
  const schedule: Schedule = { kind, start: start.toISOString(), timezone };
  if (repeat?.every) schedule.every = repeat.every;
  if (repeat?.unit) schedule.unit = repeat.unit;
  if (cron) {
    schedule.cron = cron;
    try {
      cronFor(schedule);
    } catch (error) {
      throw new AppError('bad_cron', t.badCron(cron, describeError(error)));
    }
  }
  const label = cron ?? spec.every?.trim() ?? kind;
  assertNotTooFrequent(schedule, options.minIntervalS ?? MIN_INTERVAL_S, lang, label);
  if (spec.until?.trim()) {
    const end = parse(spec.until);
    schedule.end = end.toISOString();
    if (firstOccurrence(schedule) === null) throw new AppError('bad_schedule', t.endBeforeStart);
  }
  return schedule;
}
