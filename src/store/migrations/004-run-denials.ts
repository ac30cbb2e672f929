import type { Migration } from '../migration.js';

/**
 * What a scheduled run was refused: nobody can answer an approval request during
 * a task's run, so each asked-for step is denied and listed here (JSON array of
 * `{ tool, command, how }`), next to the run's answer or error.
 */
export const runDenialsMigration: Migration = {
  version: 4,
  name: 'run-denials',
  up(db) {
    db.exec("ALTER TABLE task_runs ADD COLUMN denied TEXT NOT NULL DEFAULT '[]'");
  },
};
