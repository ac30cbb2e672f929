/**
 * The scheduler: one timer set to the earliest `next_run_at` (no per-second
 * scans), woken by any change made through the TaskStore. Due occurrences are
 * claimed in the database (at most once, across processes) and then run through
 * `runJob`, at most `maxConcurrentRuns` at a time.
 */
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { SessionEvent } from '../session/types.js';
import { describeSchedule, formatLocal, formatNextRun } from '../tasks/describe.js';
import type { ClaimedRun, Scheduler, SchedulerEvent, TaskChange, TaskStore } from '../tasks/types.js';
import { type Clock, isoWithOffset, systemClock } from '../util/clock.js';
import { isInstanceAlive, newInstanceId } from './instance.js';
import { schedulerMessages } from './messages.js';
import { taskProcessFrame } from './process-frames.js';
import type { RunJob } from './run-job.js';

interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

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

const realTimers: Timers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { store, runJob } = options;
  const clock = options.clock ?? systemClock;
  const timers = options.timers ?? realTimers;
  const lang = options.lang ?? 'zh';
  const t = schedulerMessages(lang);
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

  const stamp = () => isoWithOffset(clock.now());
  const emit = (event: SchedulerEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  const status = (
    taskId: number,
    title: string,
    kind: Extract<SchedulerEvent, { type: 'task_status' }>['status'],
    message: string,
    extra: { run_id?: number; late?: boolean } = {},
  ) =>
    emit({
      type: 'task_status',
      task_id: taskId,
      title,
      status: kind,
      message,
      timestamp: stamp(),
      ...extra,
    });

  const settleIdle = () => {
    if (active === 0 && queue.length === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  };

  async function execute({ task, run }: ClaimedRun): Promise<void> {
    store.markRunning(run.id);
    const due = formatLocal(run.occurrence, task.schedule.timezone);
    status(
      task.id,
      task.title,
      'executing',
      run.late ? t.executingLate(task.title, task.id, due) : t.executing(task.title, task.id),
      {
        run_id: run.id,
        late: run.late,
      },
    );
    const forward = (event: SessionEvent) => {
      const frame = taskProcessFrame(event, task, run, lang, stamp());
      if (frame) emit(frame);
    };
    let ok = false;
    let message: string;
    try {
      const result = await runJob(task, run, forward);
      ok = result.ok;
      message = ok ? result.answer?.trim() || t.noAnswer : t.failed(result.error ?? '');
      store.finishRun(run.id, result);
      if (result.skipped) {
        const check = result.preCheck;
        const exit = t.preCheckExit(check?.exit ?? null, check?.outcome ?? '');
        status(task.id, task.title, 'skipped', t.skipped(task.title, exit, check?.line ?? ''), {
          run_id: run.id,
          late: run.late,
        });
        return;
      }
    } catch (error) {
      message = t.failed(describeError(error));
      emit({
        type: 'task_error',
        task_id: String(task.id),
        execution_id: run.executionId,
        task_title: task.title,
        error: describeError(error),
        timestamp: stamp(),
      });
      store.finishRun(run.id, { ok: false, error: describeError(error) });
    }
    status(task.id, task.title, ok ? 'complete' : 'failed', message, { run_id: run.id, late: run.late });
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
    const { task } = change;
    const message =
      change.kind === 'added'
        ? t.added(task.title, describeSchedule(task.schedule, lang))
        : change.kind === 'advanced'
          ? t.advanced(task.title, formatNextRun(task, '-'))
          : t[change.kind](task.title);
    status(task.id, task.title, change.kind === 'advanced' ? 'completed' : change.kind, message);
    wake();
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (const run of store.recoverInterrupted((id) => id === instance || alive(id))) {
        const task = store.get(run.taskId);
        if (task) status(task.id, task.title, 'interrupted', t.interrupted(task.title), { run_id: run.id });
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
