import type { Migration } from '../migration.js';

/**
 * A task's own cap on the tokens one of its runs may use (`tasks.max_tokens_per_run`; null: the
 * config's `scheduler.max_tokens_per_run` applies, 0: no cap for this task).
 */
export const taskRunCapMigration: Migration = {
  version: 11,
  name: 'task-run-cap',
  up(db) {
    db.exec('ALTER TABLE tasks ADD COLUMN max_tokens_per_run INTEGER');
  },
};
