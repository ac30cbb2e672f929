/**
 * The TaskStore on memories.db: adding, changing, completing and deleting tasks (each change told
 * to `onChange` listeners), composed with what reads tasks (task-queries.ts) and what records
 * their runs (run-ledger.ts).
 */
import type { Database } from 'better-sqlite3';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { type Clock, systemClock } from '../util/clock.js';
import { firstRunAt } from './first-run.js';
import { taskMessages } from './messages.js';
import { isRepeating, nextOccurrence } from './recurrence.js';
import { createRunLedger } from './run-ledger.js';
import { MIN_INTERVAL_S } from './schedule-floor.js';
import { taskFieldChecks } from './task-fields.js';
import { createTaskQueries } from './task-queries.js';
import { type TaskRow, toTask } from './task-rows.js';
import type { NotifyTargets, Task, TaskChange, TaskStore } from './types.js';

interface TaskStoreOptions {
  db: Database;
  clock?: Clock;
  lang?: Lang;
  /** A run starting this long after its occurrence is marked late. */
  lateAfterMs?: number;
  /**
   * Shortest time between two runs of a task (`scheduler.min_interval_s`, default 60 s). New
   * schedules are refused below it (schedule-floor.ts); this also holds back tasks stored
   * before that check, e.g. a per-second cron.
   */
  minIntervalMs?: number;
  /** Checks a task's `notify` chat on every write; without it, no task may name one. */
  notifyTargets?: NotifyTargets;
}

export function createTaskStore(options: TaskStoreOptions): TaskStore {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const t = taskMessages(options.lang ?? 'zh');
  const checked = taskFieldChecks(options);
  const listeners = new Set<(change: TaskChange) => void>();
  const nowIso = () => clock.now().toISOString();

  const getRow = db.prepare('SELECT * FROM tasks WHERE id = ?');
  const setNext = db.prepare('UPDATE tasks SET next_run_at = ?, updated_at = ? WHERE id = ?');
  const finishTask = db.prepare(
    "UPDATE tasks SET status = 'completed', next_run_at = NULL, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
  );

  const must = (id: number): Task => {
    const row = getRow.get(id) as TaskRow | undefined;
    if (!row || row.status === 'deleted') throw new AppError('task_not_found', t.notFound(id));
    return toTask(row);
  };
  const emit = (kind: TaskChange['kind'], id: number): Task => {
    const task = toTask(getRow.get(id) as TaskRow);
    for (const listener of listeners) listener({ kind, task });
    return task;
  };

  const store: TaskStore = {
    ...createTaskQueries(db, clock),
    ...createRunLedger({
      db,
      clock,
      lateAfterMs: options.lateAfterMs ?? 60_000,
      minIntervalMs: Math.max(MIN_INTERVAL_S * 1000, options.minIntervalMs ?? 0),
      onCompleted: (taskId) => emit('completed', taskId),
    }),
    add(input) {
      const now = nowIso();
      const next = firstRunAt(input.schedule, clock.now());
      if (next === null) throw new AppError('bad_schedule', t.pastOnce(input.schedule.start));
      const notify = checked.notify(input.notify);
      const info = db
        .prepare(`INSERT INTO tasks (title, content, schedule, priority, tags, next_run_at, created_at, updated_at, created_by, source, notify,
          when_command, when_approved_by, max_tokens_per_run) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(
          input.title,
          input.content ?? '',
          JSON.stringify(input.schedule),
          input.priority ?? 1,
          JSON.stringify(input.tags ?? []),
          next,
          now,
          now,
          input.createdBy ?? 'user',
          input.source ?? 'user',
          notify,
          checked.when(input.when),
          checked.when(input.when) === null ? null : (input.whenApprovedBy ?? null),
          checked.cap(input.maxTokensPerRun),
        );
      return emit('added', Number(info.lastInsertRowid));
    },
    get(id) {
      const row = getRow.get(id) as TaskRow | undefined;
      return row ? toTask(row) : undefined;
    },
    update(id, patch) {
      const task = must(id);
      const schedule = patch.schedule ?? task.schedule;
      const next = patch.schedule
        ? firstRunAt(schedule, clock.now())
        : task.nextRunAt && Date.parse(task.nextRunAt);
      if (patch.schedule && next === null) throw new AppError('bad_schedule', t.pastOnce(schedule.start));
      const notify = patch.notify === undefined ? task.notify : checked.notify(patch.notify);
      // A new pre-check carries its own approval (none unless given): an old yes is not for new text.
      const when = patch.when === undefined ? task.when : checked.when(patch.when);
      const approvedBy =
        patch.when === undefined
          ? task.whenApprovedBy
          : when === null
            ? null
            : (patch.whenApprovedBy ?? null);
      db.prepare(`UPDATE tasks SET title = ?, content = ?, schedule = ?, priority = ?, tags = ?, next_run_at = ?, updated_at = ?,
        notify = ?, when_command = ?, when_approved_by = ?, max_tokens_per_run = ? WHERE id = ?`).run(
        patch.title ?? task.title,
        patch.content ?? task.content,
        JSON.stringify(schedule),
        patch.priority ?? task.priority,
        JSON.stringify(patch.tags ?? task.tags),
        next || null,
        nowIso(),
        notify,
        when,
        approvedBy,
        patch.maxTokensPerRun === undefined ? task.maxTokensPerRun : checked.cap(patch.maxTokensPerRun),
        id,
      );
      return emit('updated', id);
    },
    complete(id, completeOptions = {}) {
      const task = must(id);
      if (task.status === 'active' && isRepeating(task.schedule) && !completeOptions.force) {
        const from = Math.max(clock.now().getTime(), task.nextRunAt ? Date.parse(task.nextRunAt) : 0);
        const next = nextOccurrence(task.schedule, new Date(from));
        if (next) {
          setNext.run(next.getTime(), nowIso(), id);
          return { task: emit('advanced', id), advanced: true };
        }
      }
      if (task.status === 'active') finishTask.run(nowIso(), nowIso(), id);
      return { task: emit('completed', id), advanced: false };
    },
    delete(id) {
      const info = db
        .prepare(
          "UPDATE tasks SET status = 'deleted', next_run_at = NULL, updated_at = ? WHERE id = ? AND status != 'deleted'",
        )
        .run(nowIso(), id);
      if (info.changes === 1) emit('deleted', id);
      return info.changes === 1;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
