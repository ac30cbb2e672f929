/** What is read of the `tasks` table as lists and numbers: listing, counting, searching, what is due, totals. */
import type { Database } from 'better-sqlite3';
import type { Clock } from '../util/clock.js';
import { type TaskRow, toTask } from './task-rows.js';
import type { TaskListOptions, TaskStore } from './types.js';

export type TaskQueries = Pick<TaskStore, 'list' | 'count' | 'search' | 'due' | 'nextDueAt' | 'stats'>;

function listedStatuses(options: Pick<TaskListOptions, 'includeCompleted' | 'includeDeleted'>): string[] {
  const statuses = ['active'];
  if (options.includeCompleted) statuses.push('completed');
  if (options.includeDeleted) statuses.push('deleted');
  return statuses;
}

export function createTaskQueries(db: Database, clock: Clock): TaskQueries {
  // The scheduler runs these two on every wake: prepared once, here.
  const dueRows = db.prepare(
    "SELECT * FROM tasks WHERE status = 'active' AND next_run_at <= ? ORDER BY next_run_at, priority DESC, id",
  );
  const minNext = db.prepare(
    "SELECT min(next_run_at) AS at FROM tasks WHERE status = 'active' AND next_run_at IS NOT NULL",
  );
  const queries: TaskQueries = {
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
      return queries
        .list({ ...listOptions, limit: undefined })
        .filter((task) => `${task.title}\n${task.content}`.toLowerCase().includes(needle))
        .slice(0, listOptions.limit ?? undefined);
    },
    due(now = clock.now()) {
      return (dueRows.all(now.getTime()) as TaskRow[]).map(toTask);
    },
    nextDueAt() {
      const row = minNext.get() as { at: number | null };
      return row.at === null ? null : new Date(row.at);
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
  };
  return queries;
}
