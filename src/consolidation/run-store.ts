/** The consolidation runs and their changes, in memories.db (`memory_runs`, `memory_run_changes`, migration 16). */
import type { Database } from 'better-sqlite3';
import type { Memory } from '../memory/types.js';
import type { Clock } from '../util/clock.js';
import { currentOwner, isOwnerAlive } from '../util/process-owner.js';
import type {
  ChangeAction,
  ConsolidationRun,
  Rejection,
  RunChange,
  RunStats,
  RunStatus,
  StartedBy,
} from './types.js';

interface RunRow {
  id: number;
  day: string;
  status: string;
  dry_run: number;
  started_by: string;
  tokens: number;
  max_tokens: number;
  requests: number;
  error: string | null;
  rejected: string;
  stats: string;
  started_at: string;
  finished_at: string | null;
  undone_at: string | null;
}

interface ChangeRow {
  id: number;
  run_id: number;
  memory_id: number | null;
  action: string;
  before: string | null;
  after: string | null;
  note: string | null;
}

const EMPTY_STATS: RunStats = { parts: 0, partsRead: 0, messages: 0, sessions: 0, proposed: 0, applied: 0 };

function parsed<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A running run's stats hold only its owner (the process doing it, util/process-owner.ts); never shown. */
function statsOf(text: string): RunStats {
  const { owner: _owner, ...stats } = parsed<Partial<RunStats> & { owner?: unknown }>(text, {});
  return { ...EMPTY_STATS, ...stats };
}

function toRun(row: RunRow): ConsolidationRun {
  return {
    id: row.id,
    day: row.day,
    status: row.status as RunStatus,
    dryRun: row.dry_run === 1,
    startedBy: row.started_by as StartedBy,
    tokens: row.tokens,
    maxTokens: row.max_tokens,
    requests: row.requests,
    error: row.error,
    rejected: parsed<Rejection[]>(row.rejected, []),
    stats: statsOf(row.stats),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    undoneAt: row.undone_at,
  };
}

function toChange(row: ChangeRow): RunChange {
  return {
    id: row.id,
    runId: row.run_id,
    memoryId: row.memory_id,
    action: row.action as ChangeAction,
    before: parsed<Memory | null>(row.before, null),
    after: parsed<Memory | null>(row.after, null),
    note: row.note,
  };
}

export interface RunEnd {
  status: RunStatus;
  tokens: number;
  requests: number;
  error: string | null;
  rejected: Rejection[];
  stats: RunStats;
}

export interface RunStore {
  start(run: { day: string; dryRun: boolean; startedBy: StartedBy; maxTokens: number }): ConsolidationRun;
  finish(id: number, end: RunEnd): ConsolidationRun;
  addChange(change: Omit<RunChange, 'id'>): void;
  get(id: number): ConsolidationRun | undefined;
  /** Newest first. */
  list(limit?: number): ConsolidationRun[];
  /** In the order they were made. */
  changes(runId: number): RunChange[];
  /** Whether a later run (not undone) changed this memory after change `changeId`. */
  changedLater(memoryId: number, changeId: number): number | undefined;
  markUndone(id: number): void;
  /** The oldest day with a finished (not running) run that was not a dry run. */
  firstFinishedDay(): string | undefined;
  /** The days from `from` to `to` (inclusive) with a run, finished or running, that is not a dry run. */
  daysWithRuns(from: string, to: string): Set<string>;
  /** Runs left `running` by a process that is gone (its owner, in the stats JSON): failed, with `reason`. */
  failLeftovers(reason: string): number;
}

export function createRunStore(db: Database, clock: Clock): RunStore {
  const insertRun = db.prepare(
    `INSERT INTO memory_runs (day, status, dry_run, started_by, max_tokens, started_at, stats)
     VALUES (?, 'running', ?, ?, ?, ?, ?)`,
  );
  const getRun = db.prepare('SELECT * FROM memory_runs WHERE id = ?');
  const listRuns = db.prepare('SELECT * FROM memory_runs ORDER BY id DESC LIMIT ?');
  const finishRun = db.prepare(
    `UPDATE memory_runs SET status = @status, tokens = @tokens, requests = @requests, error = @error,
     rejected = @rejected, stats = @stats, finished_at = @finished_at WHERE id = @id`,
  );
  const insertChange = db.prepare(
    'INSERT INTO memory_run_changes (run_id, memory_id, action, before, after, note) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const listChanges = db.prepare('SELECT * FROM memory_run_changes WHERE run_id = ? ORDER BY id');
  const later = db.prepare(
    `SELECT c.run_id AS run FROM memory_run_changes c JOIN memory_runs r ON r.id = c.run_id
     WHERE c.memory_id = ? AND c.id > ? AND r.dry_run = 0 AND r.status != 'undone' ORDER BY c.id LIMIT 1`,
  );
  const undone = db.prepare("UPDATE memory_runs SET status = 'undone', undone_at = ? WHERE id = ?");
  const runningRuns = db.prepare("SELECT id, stats FROM memory_runs WHERE status = 'running'");
  const failRun = db.prepare(
    "UPDATE memory_runs SET status = 'failed', error = ?, finished_at = ? WHERE id = ? AND status = 'running'",
  );
  const firstFinished = db.prepare(
    "SELECT MIN(day) AS day FROM memory_runs WHERE dry_run = 0 AND status != 'running'",
  );
  const daysIn = db.prepare(
    'SELECT DISTINCT day FROM memory_runs WHERE dry_run = 0 AND day >= ? AND day <= ?',
  );
  const now = () => clock.now().toISOString();
  const get = (id: number) => {
    const row = getRun.get(id) as RunRow | undefined;
    return row ? toRun(row) : undefined;
  };
  return {
    start(run) {
      const owner = JSON.stringify({ owner: currentOwner() });
      const info = insertRun.run(run.day, run.dryRun ? 1 : 0, run.startedBy, run.maxTokens, now(), owner);
      return get(Number(info.lastInsertRowid)) as ConsolidationRun;
    },
    finish(id, end) {
      finishRun.run({
        id,
        status: end.status,
        tokens: end.tokens,
        requests: end.requests,
        error: end.error,
        rejected: JSON.stringify(end.rejected),
        stats: JSON.stringify(end.stats),
        finished_at: now(),
      });
      return get(id) as ConsolidationRun;
    },
    addChange(change) {
      insertChange.run(
        change.runId,
        change.memoryId,
        change.action,
        change.before ? JSON.stringify(change.before) : null,
        change.after ? JSON.stringify(change.after) : null,
        change.note,
      );
    },
    get,
    list(limit = 50) {
      return (listRuns.all(Math.min(500, Math.max(1, limit))) as RunRow[]).map(toRun);
    },
    changes(runId) {
      return (listChanges.all(runId) as ChangeRow[]).map(toChange);
    },
    changedLater(memoryId, changeId) {
      return (later.get(memoryId, changeId) as { run: number } | undefined)?.run;
    },
    markUndone(id) {
      undone.run(now(), id);
    },
    firstFinishedDay() {
      return (firstFinished.get() as { day: string | null }).day ?? undefined;
    },
    daysWithRuns(from, to) {
      return new Set((daysIn.all(from, to) as { day: string }[]).map((row) => row.day));
    },
    failLeftovers(reason) {
      let failed = 0;
      for (const row of runningRuns.all() as { id: number; stats: string }[]) {
        if (isOwnerAlive(parsed<{ owner?: unknown }>(row.stats, {}).owner)) continue;
        failed += failRun.run(reason, now(), row.id).changes;
      }
      return failed;
    },
  };
}
