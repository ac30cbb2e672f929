import type { Migration } from '../migration.js';

/**
 * Past conversations become searchable: `message_index`, a contentless FTS5 table over the text of
 * user and assistant messages (search terms as for memories: Latin words, CJK bigrams), rowid =
 * message id. The migration only creates it, so it stays quick at any size: messages written
 * from now on are indexed as they are stored, older ones by a background backfill that walks
 * down from `message_index_backfill.below` (the first id written after this step) in batches.
 */
export const messageIndexMigration: Migration = {
  version: 13,
  name: 'message-index',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE message_index USING fts5(text, content='', contentless_delete=1);
      CREATE TRIGGER message_index_delete AFTER DELETE ON messages BEGIN
        DELETE FROM message_index WHERE rowid = old.id;
      END;
      CREATE TABLE message_index_backfill (below INTEGER NOT NULL);
      INSERT INTO message_index_backfill (below) SELECT COALESCE(MAX(id), 0) + 1 FROM messages;
    `);
  },
};
