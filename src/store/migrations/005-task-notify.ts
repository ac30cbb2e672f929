import type { Migration } from '../migration.js';

/**
 * Where a task posts each run's result: a chat such as `telegram:42` (docs/channels.md,
 * "Scheduled tasks in a chat"); NULL for none.
 */
export const taskNotifyMigration: Migration = {
  version: 5,
  name: 'task-notify',
  up(db) {
    db.exec('ALTER TABLE tasks ADD COLUMN notify TEXT');
  },
};
