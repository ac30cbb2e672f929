import type { Migration } from '../migration.js';

/** TODO(owner of tasks): the tasks tables. */
export const tasksMigration: Migration = {
  version: 3,
  name: 'tasks',
  up() {},
};
