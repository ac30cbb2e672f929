import type { Migration } from '../migration.js';

/**
 * One embedding per memory and model (docs/memory-and-tasks.md, "Recall"): float32 little-endian
 * in a BLOB, unit length, and its sign-bit code (one bit per dimension) that the scan keeps in
 * memory. Rows of another model are ignored and re-made by the indexer; they go with their memory.
 */
export const memoryVectorsMigration: Migration = {
  version: 6,
  name: 'memory-vectors',
  up(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS memory_vectors (
      memory_id INTEGER PRIMARY KEY,
      model TEXT NOT NULL,
      dims INTEGER NOT NULL,
      vector BLOB NOT NULL,
      code BLOB NOT NULL
    );
    CREATE TRIGGER IF NOT EXISTS memories_vector_delete AFTER DELETE ON memories BEGIN
      DELETE FROM memory_vectors WHERE memory_id = old.id;
    END;`);
  },
};
