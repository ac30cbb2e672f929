import type { Migration } from '../migration.js';

/** TODO(owner of conversations): the conversations tables. */
export const conversationsMigration: Migration = {
  version: 1,
  name: 'conversations',
  up() {},
};
