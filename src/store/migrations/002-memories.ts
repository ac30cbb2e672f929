import { indexText } from '../fts-terms.js';
import { legacyToIso, tableExists } from '../legacy-time.js';
import type { Migration } from '../migration.js';

/**
 * Memories. Keeps the original `memories` table and its rows (times rewritten
 * from local-time strings to ISO UTC), drops the original's `memories_fts`
 * (external content, stale after deletes, whole-CJK-run tokens) and builds
 * `memory_index` from the rows with CJK bigram terms (store/fts-terms.ts).
 * A trigger removes index entries with their row, whoever deletes it.
 */
export const memoriesMigration: Migration = {
  version: 2,
  name: 'memories',
  up(db) {
    if (tableExists(db, 'memories')) {
      const rows = db.prepare('SELECT id, start_time, end_time, created_at FROM memories').all() as {
        id: number;
        start_time: string;
        end_time: string;
        created_at: string;
      }[];
      const update = db.prepare(
        'UPDATE memories SET start_time = ?, end_time = ?, created_at = ? WHERE id = ?',
      );
      for (const r of rows) {
        update.run(legacyToIso(r.start_time), legacyToIso(r.end_time), legacyToIso(r.created_at), r.id);
      }
    } else {
      db.exec(`CREATE TABLE memories (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        topic TEXT NOT NULL,
        summary TEXT NOT NULL,
        content TEXT,
        start_time TEXT NOT NULL,
        end_time TEXT NOT NULL,
        created_at TEXT NOT NULL,
        tags TEXT,
        importance INTEGER DEFAULT 1
      )`);
    }
    db.exec(`
      DROP TABLE IF EXISTS memories_fts;
      CREATE INDEX IF NOT EXISTS idx_memories_created ON memories(created_at);
      CREATE VIRTUAL TABLE memory_index USING fts5(topic, summary, content, tags, tokenize = 'unicode61 remove_diacritics 2');
      CREATE TRIGGER memories_index_delete AFTER DELETE ON memories BEGIN
        DELETE FROM memory_index WHERE rowid = old.id;
      END;
    `);
    const insert = db.prepare(
      'INSERT INTO memory_index (rowid, topic, summary, content, tags) VALUES (?, ?, ?, ?, ?)',
    );
    const all = db.prepare('SELECT id, topic, summary, content, tags FROM memories').all() as Array<{
      id: number;
      topic: string;
      summary: string;
      content: string | null;
      tags: string | null;
    }>;
    for (const r of all) {
      insert.run(r.id, indexText(r.topic), indexText(r.summary), indexText(r.content), indexText(r.tags));
    }
  },
};
