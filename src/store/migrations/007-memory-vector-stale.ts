import type { Migration } from '../migration.js';

/** A memory rewritten (a duplicate saved again) loses its vector, so the indexer embeds it anew. */
export const memoryVectorStaleMigration: Migration = {
  version: 7,
  name: 'memory-vector-stale',
  up(db) {
    db.exec(`CREATE TRIGGER IF NOT EXISTS memories_vector_stale AFTER UPDATE OF topic, summary, content, tags ON memories
    BEGIN
      DELETE FROM memory_vectors WHERE memory_id = old.id;
    END;`);
  },
};
