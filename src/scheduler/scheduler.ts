/**
 * The scheduler: one timer set to the earliest `next_run_at` (no per-second
 * scans), woken by any change made through the TaskStore. Due occurrences are
 * claimed in the database (at most once, across processes) and then run through
 * `runJob`, at most `maxConcurrentRuns` at a time.
 */
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { SessionEvent } from '../session/types.js';
import type { ClaimedRun, RunOutcome, TaskChange, TaskStore } from '../tasks/types.js';
import { type Clock, systemClock } from '../util/clock.js';
import { realTimers, type Timers } from '../util/timers.js';
import { isInstanceAlive, newInstanceId } from './instance.js';
import { schedulerMessages } from './messages.js';
import type { RunJob } from './run-job.js';
import type { Scheduler, SchedulerEvent } from './types.js';

export interface SchedulerOptions {
  store: TaskStore;
  runJob: RunJob;
  clock?: Clock;
  timers?: Timers;
  lang?: Lang;
  maxConcurrentRuns?: number;
  instanceId?: string;
  isInstanceAlive?: (instance: string) => boolean;
  /**
   * Longest sleep. Changes made by another process (the CLI, a second server)
   * do not wake this one, so it re-reads the next due time at least this often
   * (one indexed query). Default 60 s.
   */
  maxSleepMs?: number;
  onError?: (error: unknown) => void;
}

/** setTimeout's limit (~24.8 days); longer sleeps are taken in steps. */
export const MAX_TIMER_MS = 2_147_483_647;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { store, runJob } = options;
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? realTimers;
  const t = schedulerMessages(options.lang ?? 'zh');
  const maxConcurrent = Math.max(1, options.maxConcurrentRuns ?? 1);
  const instance = options.instanceId ?? newInstanceId();
  const alive = options.isInstanceAlive ?? isInstanceAlive;
  const maxSleep = Math.min(options.maxSleepMs ?? 60_000, MAX_TIMER_MS);
  const listeners = new Set<(event: SchedulerEvent) => void>();
  const queue: ClaimedRun[] = [];
  const idleWaiters: (() => void)[] = [];
  let active = 0;
  let started = false;
  let timer: unknown;
  let wakeAt: Date | null = null;
  let unsubscribe: (() => void) | undefined;

  const emit = (event: SchedulerEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  const settleIdle = () => {
    if (active === 0 && queue.length === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  async function execute({ task, run }: ClaimedRun): Promise<void> {
    store.markRunning(run.id);
    emit({ type: 'run_started', task, run, at: clock.now() });
    const forward = (event: SessionEvent) => emit({ type: 'run_output', task, run, event, at: clock.now() });
    let outcome: RunOutcome;
    try {
      outcome = await runJob(task, run, forward);
      store.finishRun(run.id, outcome);
    } catch (error) {
      outcome = { ok: false, error: describeError(error) };
      emit({ type: 'run_error', task, run, error: outcome.error as string, at: clock.now() });
      store.finishRun(run.id, outcome);
    }
    emit({ type: 'run_ended', task, run, outcome, at: clock.now() });
  }

  function drain(): void {
    while (started && active < maxConcurrent && queue.length > 0) {
      const claimed = queue.shift() as ClaimedRun;
      active++;
      execute(claimed)
        .catch((error) => options.onError?.(error))
        .finally(() => {
          active--;
          drain();
          settleIdle();
        });
    }
    settleIdle();
  }

  function claimDue(): void {
    for (const task of store.due(clock.now())) {
      if (task.nextRunAt === null) continue;
      const claimed = store.claim(task.id, task.nextRunAt, instance);
      if (claimed) queue.push(claimed);
    }
  }

  function arm(): void {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const next = store.nextDueAt();
    const now = clock.now().getTime();
    const delay = Math.max(0, Math.min(next === null ? maxSleep : next.getTime() - now, maxSleep));
    wakeAt = new Date(now + delay);
    timer = timers.setTimeout(() => {
      timer = undefined;
      wake();
    }, delay);
  }

  function wake(): void {
    if (!started) return;
    try {
      claimDue();
      drain();
    } catch (error) {
      options.onError?.(error);
    }
    arm();
  }

  function onChange(change: TaskChange): void {
    emit({ type: 'task_changed', change, at: clock.now() });
    wake();
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (const run of store.recoverInterrupted((id) => id === instance || alive(id))) {
        const task = store.get(run.taskId);
        if (task) emit({ type: 'run_interrupted', task, run, at: clock.now() });
      }
      unsubscribe = store.onChange(onChange);
      wake();
    },
    async stop() {
      started = false;
      unsubscribe?.();
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      wakeAt = null;
      for (const { run } of queue.splice(0)) store.finishRun(run.id, { ok: false, error: t.stopped });
      if (active > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    wake,
    nextWakeAt: () => wakeAt,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get activeRuns() {
      return active;
    },
    idle() {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
