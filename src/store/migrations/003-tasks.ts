import { tableExists } from '../legacy-time.js';
import { batchedMigration, type Migration } from '../migration.js';
import { legacyMemoToTask } from './003-legacy-memos.js';

/**
 * Tasks and their runs. Rows of the original `memos` table are copied into
 * `tasks` with the same ids (times and raw strings such as `+1h` read properly);
 * `memos` itself is left untouched as a record of the old data.
 * Instants that are compared (next_run_at, occurrence) are epoch ms integers.
 */
export const tasksMigration: Migration = batchedMigration({
  version: 3,
  name: 'tasks',
  *batches(db, progress) {
    db.exec(`
      CREATE TABLE tasks (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        content TEXT NOT NULL DEFAULT '',
        schedule TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'deleted')),
        priority INTEGER NOT NULL DEFAULT 1,
        tags TEXT NOT NULL DEFAULT '[]',
        next_run_at INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        completed_at TEXT,
        created_by TEXT NOT NULL DEFAULT 'user',
        source TEXT NOT NULL DEFAULT 'user',
        run_count INTEGER NOT NULL DEFAULT 0,
        last_run_at TEXT,
        last_outcome TEXT,
        legacy_memo_id INTEGER UNIQUE
      );
      CREATE INDEX idx_tasks_due ON tasks(next_run_at) WHERE status = 'active' AND next_run_at IS NOT NULL;
      CREATE TABLE task_runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
        occurrence INTEGER NOT NULL,
        execution_id TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'complete', 'failed', 'interrupted')),
        late INTEGER NOT NULL DEFAULT 0,
        claimed_at TEXT NOT NULL,
        started_at TEXT,
        ended_at TEXT,
        answer TEXT,
        error TEXT,
        instance TEXT NOT NULL,
        UNIQUE (task_id, occurrence)
      );
      CREATE INDEX idx_task_runs_open ON task_runs(status) WHERE status IN ('queued', 'running');
    `);
    if (!tableExists(db, 'memos')) return;
    const insert =
      db.prepare(`INSERT INTO tasks (id, title, content, schedule, status, priority, tags, next_run_at,
      created_at, updated_at, completed_at, created_by, source, run_count, last_run_at, legacy_memo_id)
      VALUES (@id, @title, @content, @schedule, @status, @priority, @tags, @next_run_at, @created_at, @updated_at,
      @completed_at, @created_by, @source, @run_count, @last_run_at, @legacy_memo_id)`);
    // A batch at a time in id order: however many memos, they are never all in memory.
    const total = (db.prepare('SELECT count(*) AS n FROM memos').get() as { n: number }).n;
    const batch = db.prepare('SELECT * FROM memos WHERE id > CAST(? AS INTEGER) ORDER BY id LIMIT 2000');
    let after = Number.MIN_SAFE_INTEGER;
    let done = 0;
    for (;;) {
      const memos = batch.all(after) as Record<string, unknown>[];
      if (memos.length === 0) break;
      for (const memo of memos) insert.run(legacyMemoToTask(memo));
      after = Number(memos.at(-1)?.id);
      done += memos.length;
      progress?.(done, total);
      yield;
    }
  },
});
