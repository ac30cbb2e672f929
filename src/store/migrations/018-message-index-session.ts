import type { Migration } from '../migration.js';

/**
 * A chat's own conversation search is found inside the index (docs/memory-and-tasks.md, "Past
 * conversations"): `message_index` gets a second column, `session`, holding one term per message
 * that names its conversation's session (the session id in hex, `sessionTerm`), so "this
 * session's matches" is an FTS5 intersection instead of a join walked over every match of the
 * index. FTS5 tables cannot gain a column: the table is made again, empty, and the background
 * backfill of migration 13 indexes every message again from the newest down (a message stored
 * from now on is indexed as it is stored). The step stays quick at any size.
 */
export const messageIndexSessionMigration: Migration = {
  version: 18,
  name: 'message-index-session',
  up(db) {
    db.exec(`
      DROP TABLE message_index;
      CREATE VIRTUAL TABLE message_index USING fts5(text, session, content='', contentless_delete=1);
      UPDATE message_index_backfill SET below = (SELECT COALESCE(MAX(id), 0) + 1 FROM messages);
    `);
  },
};
