/**
 * The daily consolidation (`memory.consolidate`): at `time` (local to `scheduler.timezone`), one
 * run a day, with the task scheduler's cron occurrences (`src/tasks/recurrence.ts`). The config
 * is read live: the job looks again at least every minute, so turning it on or moving its time
 * needs no restart. A run that fails is logged and not retried that day. Runs a stopped process
 * left `running` are marked failed when it starts.
 */
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import { nextOccurrence } from '../tasks/recurrence.js';
import { systemTimeZone } from '../tasks/zoned-time.js';
import type { Clock } from '../util/clock.js';
import type { Consolidator } from './consolidate.js';
import { consolidationMessages } from './messages.js';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

const LONGEST_SLEEP_MS = 60_000;

export interface DailyConsolidation {
  /** When the next run is due (null: off). */
  nextAt(): Date | null;
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

export function startDailyConsolidation(deps: {
  consolidator: Consolidator;
  config: () => Config;
  clock: Clock;
  lang: Lang;
  logger: Logger;
  timers?: Timers;
}): DailyConsolidation {
  const timers = deps.timers ?? realTimers;
  // Runs a stopped process left `running` never finish: they failed (what one wrote can still be undone).
  deps.consolidator.runs.failLeftovers(consolidationMessages(deps.lang).interrupted);
  let due: Date | null = null;
  let armedFor = '';
  let handle: unknown;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const abort = new AbortController();

  const runOnce = async () => {
    try {
      const { run } = await deps.consolidator.run({ startedBy: 'schedule', signal: abort.signal });
      deps.logger.info(
        { run: run.id, day: run.day, status: run.status, tokens: run.tokens, error: run.error },
        'memory consolidated',
      );
    } catch (error) {
      deps.logger.warn({ err: error }, 'memory consolidation did not run');
    }
  };

  const tick = () => {
    handle = undefined;
    if (stopped) return;
    const settings = deps.config().memory.consolidate;
    const timeZone = deps.config().scheduler.timezone;
    const now = deps.clock.now();
    const key = `${settings.time}|${timeZone}`;
    if (!settings.enabled) due = null;
    else if (due === null || key !== armedFor) {
      due = nextRunAt(settings.time, timeZone, now);
      armedFor = key;
    } else if (now.getTime() >= due.getTime()) {
      due = nextRunAt(settings.time, timeZone, now);
      current = runOnce().finally(arm);
      return;
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
    idle: () => current,
    stop() {
      stopped = true;
      abort.abort();
      if (handle !== undefined) timers.clearTimeout(handle);
    },
  };
}
