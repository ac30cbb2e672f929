import type { Migration } from '../migration.js';

/**
 * What a memory is about and what consolidation did (docs/memory-and-tasks.md, "Kinds" and
 * "Consolidation"):
 * - `memories.kind`: `user` (the person), `work` (the box's own work), `chat` (a chat's: every
 *   memory with a `chat`, so those saved before this step become `chat`), `journal` (the daily
 *   note). No CHECK: the code validates, and a new kind needs no table rebuild.
 * - `memories.day`: the local day (`YYYY-MM-DD`) a journal note is about; one journal per day.
 * - `memories.outdated_at`: when consolidation marked it outdated (kept, not recalled).
 * - `memory_runs`: one row per consolidation run (`rejected`: the model's operations refused, with
 *   why; `stats`: what it read), JSON; `memory_run_changes`: what it changed, each memory before
 *   and after as JSON (NULL: it did not exist / no longer exists), for undo, and why (`note`).
 */
export const memoryKindsMigration: Migration = {
  version: 16,
  name: 'memory-kinds',
  up(db) {
    db.exec("ALTER TABLE memories ADD COLUMN kind TEXT NOT NULL DEFAULT 'user'");
    db.exec('ALTER TABLE memories ADD COLUMN day TEXT');
    db.exec('ALTER TABLE memories ADD COLUMN outdated_at TEXT');
    db.exec("UPDATE memories SET kind = 'chat' WHERE chat IS NOT NULL");
    db.exec("CREATE UNIQUE INDEX memories_journal_day ON memories (day) WHERE kind = 'journal'");
    db.exec('CREATE INDEX memories_kind ON memories (kind, created_at)');
    db.exec(`CREATE TABLE memory_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      day TEXT NOT NULL,
      status TEXT NOT NULL,
      dry_run INTEGER NOT NULL DEFAULT 0,
      started_by TEXT NOT NULL,
      tokens INTEGER NOT NULL DEFAULT 0,
      max_tokens INTEGER NOT NULL,
      requests INTEGER NOT NULL DEFAULT 0,
      error TEXT,
      rejected TEXT NOT NULL DEFAULT '[]',
      stats TEXT NOT NULL DEFAULT '{}',
      started_at TEXT NOT NULL,
      finished_at TEXT,
      undone_at TEXT
    )`);
    db.exec('CREATE INDEX memory_runs_day ON memory_runs (day, id)');
    db.exec(`CREATE TABLE memory_run_changes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      run_id INTEGER NOT NULL REFERENCES memory_runs (id) ON DELETE CASCADE,
      memory_id INTEGER,
      action TEXT NOT NULL,
      before TEXT,
      after TEXT,
      note TEXT
    )`);
    db.exec('CREATE INDEX memory_run_changes_run ON memory_run_changes (run_id, id)');
    db.exec('CREATE INDEX memory_run_changes_memory ON memory_run_changes (memory_id, id)');
  },
};
