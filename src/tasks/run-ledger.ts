/**
 * The runs of tasks in `task_runs`: claiming an occurrence, marking it running, recording how it
 * ended, and finding runs left open by instances that are gone. Claiming is one IMMEDIATE
 * transaction guarded by `next_run_at = <occurrence>` and the unique (task_id, occurrence) of
 * `task_runs`, so an occurrence runs at most once even with several processes on one database file.
 */
import type { Database } from 'better-sqlite3';
import type { Clock } from '../util/clock.js';
import { nextOccurrence } from './recurrence.js';
import { type RunRow, type TaskRow, toRun, toTask } from './task-rows.js';
import type { ClaimedRun, TaskStore } from './types.js';

export type RunLedger = Pick<
  TaskStore,
  'claim' | 'markRunning' | 'finishRun' | 'recoverInterrupted' | 'runs' | 'recentRuns'
>;

interface RunLedgerOptions {
  db: Database;
  clock: Clock;
  /** A run starting this long after its occurrence is marked late. */
  lateAfterMs: number;
  /** Shortest time between two runs of a task: the next occurrence after a claim is at least this far. */
  minIntervalMs: number;
  /** A one-off task whose run ended is now completed (the store tells its listeners). */
  onCompleted: (taskId: number) => void;
}

export function createRunLedger(options: RunLedgerOptions): RunLedger {
  const { db, clock, lateAfterMs, minIntervalMs } = options;
  const nowIso = () => clock.now().toISOString();
  const getRow = db.prepare('SELECT * FROM tasks WHERE id = ?');
  const getRun = db.prepare('SELECT * FROM task_runs WHERE id = ?');
  const finishTask = db.prepare(
    "UPDATE tasks SET status = 'completed', next_run_at = NULL, completed_at = ?, updated_at = ? WHERE id = ? AND status = 'active'",
  );
  // Statements the scheduler runs on every claim are prepared once, here.
  const moveNext =
    db.prepare(`UPDATE tasks SET next_run_at = ?, run_count = run_count + 1, last_run_at = ?, updated_at = ?
    WHERE id = ? AND next_run_at = ? AND status = 'active'`);
  const insertRun =
    db.prepare(`INSERT OR IGNORE INTO task_runs (task_id, occurrence, execution_id, status, late, claimed_at, instance)
    VALUES (?, ?, ?, 'queued', ?, ?, ?)`);
  const setOutcome = db.prepare('UPDATE tasks SET last_outcome = ?, updated_at = ? WHERE id = ?');
  const runStarted = db.prepare("UPDATE task_runs SET status = 'running', started_at = ? WHERE id = ?");
  const runEnded = db.prepare(
    'UPDATE task_runs SET status = ?, ended_at = ?, answer = ?, error = ?, denied = ?, pre_check = ? WHERE id = ?',
  );

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

  /** Records the task's last outcome; a task with no next run is completed. */
  const settleTask = (taskId: number, outcome: string) => {
    const now = nowIso();
    setOutcome.run(outcome, now, taskId);
    const row = getRow.get(taskId) as TaskRow | undefined;
    if (
      row?.status === 'active' &&
      row.next_run_at === null &&
      finishTask.run(now, now, taskId).changes === 1
    ) {
      options.onCompleted(taskId);
    }
  };

  return {
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
  };
}
