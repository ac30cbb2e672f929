import type { Database } from 'better-sqlite3';
import type { Migration } from '../migration.js';

/**
 * A task's cheap pre-check (`tasks.when_command`, a shell command; exit 0 → the model is called)
 * and who approved it when the command decision asked (`when_approved_by`, null: nobody needed
 * to or nobody did). A run the pre-check held back is `skipped`, with what the command said in
 * `task_runs.pre_check` (JSON `{ outcome, exit, line, durationMs }`). The run status check gains
 * `skipped`: SQLite cannot alter a CHECK, so `task_runs` is rebuilt from its own current
 * definition (whatever columns earlier steps added) with that one word added.
 */
function rebuildRunsWithSkipped(db: Database): void {
  const table = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'task_runs'")
    .get() as { sql: string } | undefined;
  if (!table) throw new Error('task_runs is missing');
  const check = "'failed', 'interrupted')";
  if (!table.sql.includes(check)) throw new Error('task_runs has an unexpected status check');
  const indexes = db
    .prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'task_runs' AND sql IS NOT NULL",
    )
    .all() as { sql: string }[];
  const created = table.sql
    .replace(/^CREATE TABLE\s+"?task_runs"?/, 'CREATE TABLE task_runs_new')
    .replace(check, "'failed', 'interrupted', 'skipped')");
  db.exec(created);
  db.exec('INSERT INTO task_runs_new SELECT * FROM task_runs');
  db.exec('DROP TABLE task_runs');
  db.exec('ALTER TABLE task_runs_new RENAME TO task_runs');
  for (const index of indexes) db.exec(index.sql);
}

export const taskPreCheckMigration: Migration = {
  version: 9,
  name: 'task-pre-check',
  up(db) {
    db.exec('ALTER TABLE tasks ADD COLUMN when_command TEXT');
    db.exec('ALTER TABLE tasks ADD COLUMN when_approved_by TEXT');
    rebuildRunsWithSkipped(db);
    db.exec('ALTER TABLE task_runs ADD COLUMN pre_check TEXT');
  },
};
