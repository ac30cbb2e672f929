/**
 * The daily consolidation (`memory.consolidate`): at `time` (local to `scheduler.timezone`), one
 * run a day, with the task scheduler's cron occurrences (`src/tasks/recurrence.ts`). The config
 * is read live: the job looks again at least every minute, so turning it on or moving its time
 * needs no restart. On start (once it is on) and at each occurrence it also runs the days it
 * missed while the box was down (catch-up.ts), oldest first, each its own run within its own
 * `max_tokens`, and stops at a used-up budget or a failed run (the days left are owed at the
 * next occurrence). A run that fails is logged and not retried. Runs left `running` by a
 * process that is gone (not one a CLI is doing now) are marked failed when it starts.
 */
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import { nextOccurrence } from '../tasks/recurrence.js';
import { systemTimeZone } from '../tasks/zoned-time.js';
import type { Clock } from '../util/clock.js';
import { realTimers, type Timers } from '../util/timers.js';
import { lastOccurrence, owedDays } from './catch-up.js';
import type { Consolidator } from './consolidate.js';
import { consolidationMessages } from './messages.js';

const LONGEST_SLEEP_MS = 60_000;

export interface DailyConsolidation {
  /** When the next run is due (null: off). */
  nextAt(): Date | null;
  /**
   * The days waiting for consolidation now, oldest first: what a start would run (catch-up.ts);
   * none while off.
   */
  owed(): string[];
  /** Resolves when the run in progress (if any) has ended (`stop` cuts its model request short). */
  idle(): Promise<void>;
  stop(): void;
}

/** The first `HH:MM` of `timeZone` strictly after `after`. */
export function nextRunAt(time: string, timeZone: string, after: Date): Date | null {
  const [hour, minute] = time.split(':').map(Number);
  return nextOccurrence(
    {
      kind: 'cron',
      cron: `${minute} ${hour} * * *`,
      timezone: timeZone || systemTimeZone(),
      start: '1970-01-01T00:00:00Z',
    },
    after,
  );
}

/** The latest `HH:MM` of `timeZone` at or before `now`. */
const latestRunAt = (time: string, timeZone: string, now: Date) =>
  lastOccurrence(now, (after) => nextRunAt(time, timeZone, after));

export function startDailyConsolidation(deps: {
  consolidator: Consolidator;
  config: () => Config;
  clock: Clock;
  lang: Lang;
  logger: Logger;
  timers?: Timers;
}): DailyConsolidation {
  const timers = deps.timers ?? realTimers;
  // Runs left `running` by a process that is gone never finish: they failed (what one wrote can
  // still be undone). One a live process (`aibox memory consolidate`) is doing stays running.
  const failLeftovers = () =>
    deps.consolidator.runs.failLeftovers(consolidationMessages(deps.lang).interrupted);
  failLeftovers();
  let due: Date | null = null;
  let armedFor = '';
  let handle: unknown;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const abort = new AbortController();
  let started = false;

  /** Runs `days` one after the other, oldest first. */
  const runDays = async (days: string[]) => {
    for (const day of days) {
      if (stopped) return;
      const refusal = deps.consolidator.budgetRefusal();
      if (refusal) {
        deps.logger.info({ day, reason: refusal }, 'memory consolidation waits for the budget');
        return;
      }
      try {
        const { run } = await deps.consolidator.run({ day, startedBy: 'schedule', signal: abort.signal });
        deps.logger.info(
          { run: run.id, day: run.day, status: run.status, tokens: run.tokens, error: run.error },
          'memory consolidated',
        );
        if (run.status === 'failed') return;
      } catch (error) {
        deps.logger.warn({ err: error, day }, 'memory consolidation did not run');
        return;
      }
    }
  };

  /** Starts the days owed at `occurrence` (then arms again); false: none is owed. */
  const runOwed = (occurrence: Date, own: boolean) => {
    const timeZone = deps.config().scheduler.timezone;
    failLeftovers();
    const days = owedDays(deps.consolidator.runs, occurrence, timeZone, own);
    if (days.length === 0) return false;
    current = runDays(days).finally(arm);
    return true;
  };

  const tick = () => {
    handle = undefined;
    if (stopped) return;
    const settings = deps.config().memory.consolidate;
    const timeZone = deps.config().scheduler.timezone;
    const now = deps.clock.now();
    const key = `${settings.time}|${timeZone}`;
    if (!settings.enabled) due = null;
    else if (!started) {
      // The first look while on: the days missed before the latest occurrence.
      started = true;
      due = nextRunAt(settings.time, timeZone, now);
      armedFor = key;
      const latest = latestRunAt(settings.time, timeZone, now);
      if (latest && runOwed(latest, false)) return;
    } else if (due === null || key !== armedFor) {
      due = nextRunAt(settings.time, timeZone, now);
      armedFor = key;
    } else if (now.getTime() >= due.getTime()) {
      const occurrence = due;
      due = nextRunAt(settings.time, timeZone, now);
      if (runOwed(occurrence, true)) return;
    }
    arm();
  };

  function arm() {
    if (stopped) return;
    const wait = due ? Math.max(0, due.getTime() - deps.clock.now().getTime()) : LONGEST_SLEEP_MS;
    handle = timers.setTimeout(tick, Math.min(wait, LONGEST_SLEEP_MS));
  }

  tick();
  return {
    nextAt: () => due,
    owed() {
      const settings = deps.config().memory.consolidate;
      if (!settings.enabled) return [];
      const timeZone = deps.config().scheduler.timezone;
      const latest = latestRunAt(settings.time, timeZone, deps.clock.now());
      return latest ? owedDays(deps.consolidator.runs, latest, timeZone, false) : [];
    },
    idle: () => current,
    stop() {
      stopped = true;
      abort.abort();
      if (handle !== undefined) timers.clearTimeout(handle);
    },
  };
}
