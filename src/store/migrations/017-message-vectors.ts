import type { Migration } from '../migration.js';

/**
 * Past conversations by meaning (docs/memory-and-tasks.md, "Past conversations"): one embedding
 * per user or assistant message and model, the same columns as `memory_vectors` (migration 6).
 * Only created here, so it stays quick at any size: the indexer embeds messages in the
 * background. A vector goes with its message (deleted, or its conversation deleted: the cascade
 * fires the trigger) and is remade when its text changes.
 */
export const messageVectorsMigration: Migration = {
  version: 17,
  name: 'message-vectors',
  up(db) {
    db.exec(`CREATE TABLE message_vectors (
      message_id INTEGER PRIMARY KEY,
      model TEXT NOT NULL,
      dims INTEGER NOT NULL,
      vector BLOB NOT NULL,
      code BLOB NOT NULL
    );
    CREATE TRIGGER message_vectors_delete AFTER DELETE ON messages BEGIN
      DELETE FROM message_vectors WHERE message_id = old.id;
    END;
    CREATE TRIGGER message_vectors_stale AFTER UPDATE OF role, kind, content ON messages BEGIN
      DELETE FROM message_vectors WHERE message_id = old.id;
    END;`);
  },
};
