import type { Migration } from '../migration.js';

/** TODO(owner of memories): the memories tables. */
export const memoriesMigration: Migration = {
  version: 2,
  name: 'memories',
  up() {},
};
