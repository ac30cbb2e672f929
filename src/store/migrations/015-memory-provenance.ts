import type { Migration } from '../migration.js';

/**
 * Where a memory came from and whether it is used: `source` (the session that saved it, e.g.
 * `main`, `telegram-42`, `mcp`; NULL for memories saved before this step or by hand) and how
 * often automatic recall put it in a prompt (`recall_count`, `recalled_at`: the last time, ISO).
 */
export const memoryProvenanceMigration: Migration = {
  version: 15,
  name: 'memory-provenance',
  up(db) {
    db.exec('ALTER TABLE memories ADD COLUMN source TEXT');
    db.exec('ALTER TABLE memories ADD COLUMN recall_count INTEGER NOT NULL DEFAULT 0');
    db.exec('ALTER TABLE memories ADD COLUMN recalled_at TEXT');
  },
};
