/**
 * The TaskStore on memories.db. Claiming an occurrence is one IMMEDIATE
 * transaction guarded by `next_run_at = <occurrence>` and the unique
 * (task_id, occurrence) of `task_runs`, so an occurrence runs at most once even
 * with several processes on one database file.
 */
import type { Database } from 'better-sqlite3';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { type Clock, systemClock } from '../util/clock.js';
import { taskMessages } from './messages.js';
import { firstOccurrence, isRepeating, nextOccurrence } from './recurrence.js';
import { MIN_INTERVAL_S } from './schedule-floor.js';
import { type RunRow, type TaskRow, toRun, toTask } from './task-rows.js';
import type {
  ClaimedRun,
  NotifyTargets,
  Schedule,
  Task,
  TaskChange,
  TaskListOptions,
  TaskStore,
} from './types.js';

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

/** Longest pre-check command: a check, not a script. */
const MAX_WHEN_CHARS = 2000;
/** Highest cap a task may set on one run: far above any real run, low enough to stay an integer. */
export const MAX_TASK_RUN_TOKENS = 100_000_000;

function listedStatuses(options: Pick<TaskListOptions, 'includeCompleted' | 'includeDeleted'>): string[] {
  const statuses = ['active'];
  if (options.includeCompleted) statuses.push('completed');
  if (options.includeDeleted) statuses.push('deleted');
  return statuses;
}

export function createTaskStore(options: TaskStoreOptions): TaskStore {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const t = taskMessages(options.lang ?? 'zh');
  const lateAfterMs = options.lateAfterMs ?? 60_000;
  const minIntervalMs = Math.max(MIN_INTERVAL_S * 1000, options.minIntervalMs ?? 0);
  const listeners = new Set<(change: TaskChange) => void>();
  const nowIso = () => clock.now().toISOString();
  /** A task's chat as stored: null for none, else what `NotifyTargets` accepts (it throws otherwise). */
  const checkedNotify = (target: string | null | undefined): string | null => {
    if (target === undefined || target === null || target.trim() === '') return null;
    if (!options.notifyTargets) throw new AppError('bad_notify', t.noChannels(target));
    return options.notifyTargets.check(target.trim());
  };

  /** A pre-check as stored: trimmed, null for none, refused past its length limit. */
  const checkedWhen = (command: string | null | undefined): string | null => {
    const trimmed = command?.trim() ?? '';
    if (trimmed === '') return null;
    if (trimmed.length > MAX_WHEN_CHARS) throw new AppError('bad_argument', t.whenTooLong(MAX_WHEN_CHARS));
    return trimmed;
  };

  /** A task's cap per run as stored: null for the config's, else a whole number within range. */
  const checkedCap = (cap: number | null | undefined): number | null => {
    if (cap === undefined || cap === null) return null;
    if (!Number.isInteger(cap) || cap < 0 || cap > MAX_TASK_RUN_TOKENS)
      throw new AppError('bad_argument', t.badRunCap(MAX_TASK_RUN_TOKENS));
    return cap;
  };

  const getRow = db.prepare('SELECT * FROM tasks WHERE id = ?');
  const getRun = db.prepare('SELECT * FROM task_runs WHERE id = ?');
  const setNext = db.prepare('UPDATE tasks SET next_run_at = ?, updated_at = ? WHERE id = ?');
  const finishTask = db.prepare(
    "UPDATE tasks SET status = 'completed', next_run_at = NULL, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
  );
  // Statements the scheduler runs on every wake and claim are prepared once, here.
  const moveNext =
    db.prepare(`UPDATE tasks SET next_run_at = ?, run_count = run_count + 1, last_run_at = ?, updated_at = ?
    WHERE id = ? AND next_run_at = ? AND status = 'active'`);
  const insertRun =
    db.prepare(`INSERT OR IGNORE INTO task_runs (task_id, occurrence, execution_id, status, late, claimed_at, instance)
    VALUES (?, ?, ?, 'queued', ?, ?, ?)`);
  const setOutcome = db.prepare('UPDATE tasks SET last_outcome = ?, updated_at = ? WHERE id = ?');
  const dueRows = db.prepare(
    "SELECT * FROM tasks WHERE status = 'active' AND next_run_at <= ? ORDER BY next_run_at, priority DESC, id",
  );
  const minNext = db.prepare(
    "SELECT min(next_run_at) AS at FROM tasks WHERE status = 'active' AND next_run_at IS NOT NULL",
  );
  const runStarted = db.prepare("UPDATE task_runs SET status = 'running', started_at = ? WHERE id = ?");
  const runEnded = db.prepare(
    'UPDATE task_runs SET status = ?, ended_at = ?, answer = ?, error = ?, denied = ?, pre_check = ? WHERE id = ?',
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
  const initialNext = (schedule: Schedule): number | null => {
    const now = clock.now();
    const first = firstOccurrence(schedule);
    if (first && (first.getTime() >= now.getTime() || !isRepeating(schedule))) return first.getTime();
    return nextOccurrence(schedule, new Date(now.getTime() - 1))?.getTime() ?? null;
  };

  const claimTx = db.transaction(
    (taskId: number, occurrence: number, instance: string): ClaimedRun | undefined => {
      const row = getRow.get(taskId) as TaskRow | undefined;
      if (row?.status !== 'active' || row.next_run_at !== occurrence) return undefined;
      const now = clock.now();
      const task = toTask(row);
      // Missed occurrences collapse into this one: the following one is after now, and at least
      // the floor after this one.
      const after = Math.max(occurrence + minIntervalMs - 1, now.getTime());
      const following = nextOccurrence(task.schedule, new Date(after));
      const moved = moveNext.run(
        following?.getTime() ?? null,
        now.toISOString(),
        now.toISOString(),
        taskId,
        occurrence,
      );
      if (moved.changes !== 1) return undefined;
      const inserted = insertRun.run(
        taskId,
        occurrence,
        `${taskId}_${occurrence}`,
        now.getTime() - occurrence > lateAfterMs ? 1 : 0,
        now.toISOString(),
        instance,
      );
      if (inserted.changes !== 1) return undefined; // this occurrence already ran (schedule edited back)
      const run = toRun(getRun.get(Number(inserted.lastInsertRowid)) as RunRow);
      return { task: toTask(getRow.get(taskId) as TaskRow), run };
    },
  );

  const settleTask = (taskId: number, outcome: string) => {
    const now = nowIso();
    setOutcome.run(outcome, now, taskId);
    const row = getRow.get(taskId) as TaskRow | undefined;
    if (
      row?.status === 'active' &&
      row.next_run_at === null &&
      finishTask.run(now, now, taskId).changes === 1
    ) {
      emit('completed', taskId);
    }
  };

  const store: TaskStore = {
    add(input) {
      const now = nowIso();
      const next = initialNext(input.schedule);
      if (next === null) throw new AppError('bad_schedule', t.pastOnce(input.schedule.start));
      const notify = checkedNotify(input.notify);
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
          checkedWhen(input.when),
          checkedWhen(input.when) === null ? null : (input.whenApprovedBy ?? null),
          checkedCap(input.maxTokensPerRun),
        );
      return emit('added', Number(info.lastInsertRowid));
    },
    get(id) {
      const row = getRow.get(id) as TaskRow | undefined;
      return row ? toTask(row) : undefined;
    },
    list(listOptions = {}) {
      const statuses = listedStatuses(listOptions);
      const rows = db
        .prepare(`SELECT * FROM tasks WHERE status IN (${statuses.map(() => '?').join(',')})
          ORDER BY status = 'active' DESC, next_run_at IS NULL, next_run_at, priority DESC, id LIMIT ? OFFSET ?`)
        .all(...statuses, listOptions.limit ?? -1, listOptions.offset ?? 0) as TaskRow[];
      return rows.map(toTask);
    },
    count(listOptions = {}) {
      const statuses = listedStatuses(listOptions);
      const row = db
        .prepare(`SELECT COUNT(*) AS n FROM tasks WHERE status IN (${statuses.map(() => '?').join(',')})`)
        .get(...statuses) as { n: number };
      return row.n;
    },
    search(keyword, listOptions = {}) {
      const needle = keyword.toLowerCase();
      return store
        .list({ ...listOptions, limit: undefined })
        .filter((task) => `${task.title}\n${task.content}`.toLowerCase().includes(needle))
        .slice(0, listOptions.limit ?? undefined);
    },
    update(id, patch) {
      const task = must(id);
      const schedule = patch.schedule ?? task.schedule;
      const next = patch.schedule ? initialNext(schedule) : task.nextRunAt && Date.parse(task.nextRunAt);
      if (patch.schedule && next === null) throw new AppError('bad_schedule', t.pastOnce(schedule.start));
      const notify = patch.notify === undefined ? task.notify : checkedNotify(patch.notify);
      // A new pre-check carries its own approval (none unless given): an old yes is not for new text.
      const when = patch.when === undefined ? task.when : checkedWhen(patch.when);
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
        patch.maxTokensPerRun === undefined ? task.maxTokensPerRun : checkedCap(patch.maxTokensPerRun),
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
    due(now = clock.now()) {
      return (dueRows.all(now.getTime()) as TaskRow[]).map(toTask);
    },
    nextDueAt() {
      const row = minNext.get() as { at: number | null };
      return row.at === null ? null : new Date(row.at);
    },
    runs(taskId, runOptions = {}) {
      const rows = db
        .prepare('SELECT * FROM task_runs WHERE task_id = ? ORDER BY occurrence DESC, id DESC LIMIT ?')
        .all(taskId, runOptions.limit ?? 20) as RunRow[];
      return rows.map(toRun);
    },
    recentRuns(limit = 20) {
      return (db.prepare('SELECT * FROM task_runs ORDER BY id DESC LIMIT ?').all(limit) as RunRow[]).map(
        toRun,
      );
    },
    stats(now = clock.now()) {
      const row = db
        .prepare(`SELECT count(*) AS total,
            coalesce(sum(status = 'active'), 0) AS active,
            coalesce(sum(status = 'active' AND next_run_at <= ?), 0) AS due,
            coalesce(sum(status = 'completed'), 0) AS completed,
            coalesce(sum(status = 'deleted'), 0) AS deleted FROM tasks`)
        .get(now.getTime()) as {
        total: number;
        active: number;
        due: number;
        completed: number;
        deleted: number;
      };
      const runs = db
        .prepare(
          "SELECT count(*) AS runs, coalesce(sum(status IN ('failed', 'interrupted')), 0) AS failed FROM task_runs",
        )
        .get() as { runs: number; failed: number };
      return { ...row, runs: runs.runs, failedRuns: runs.failed };
    },
    claim(taskId, occurrence, instance) {
      return claimTx.immediate(taskId, Date.parse(occurrence), instance);
    },
    markRunning(runId) {
      runStarted.run(nowIso(), runId);
    },
    finishRun(runId, outcome) {
      const status = outcome.skipped ? 'skipped' : outcome.ok ? 'complete' : 'failed';
      db.transaction(() => {
        runEnded.run(
          status,
          nowIso(),
          outcome.answer ?? null,
          outcome.error ?? null,
          JSON.stringify(outcome.denied ?? []),
          outcome.preCheck ? JSON.stringify(outcome.preCheck) : null,
          runId,
        );
        settleTask((getRun.get(runId) as RunRow).task_id, status);
      }).immediate();
      return toRun(getRun.get(runId) as RunRow);
    },
    recoverInterrupted(isAlive) {
      const open = db
        .prepare("SELECT * FROM task_runs WHERE status IN ('queued', 'running')")
        .all() as RunRow[];
      const dead = open.filter((run) => !isAlive(run.instance));
      db.transaction(() => {
        for (const run of dead) {
          db.prepare(
            "UPDATE task_runs SET status = 'interrupted', ended_at = ?, error = 'interrupted' WHERE id = ?",
          ).run(nowIso(), run.id);
          settleTask(run.task_id, 'interrupted');
        }
      }).immediate();
      return dead.map((run) => toRun(getRun.get(run.id) as RunRow));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
