import { indexText } from '../fts-terms.js';
import { legacyToIso, tableExists } from '../legacy-time.js';
import { batchedMigration, type Migration } from '../migration.js';

/** Rows read at a time: the original's 1 M memories never sit in memory at once. */
const BATCH = 2000;

interface MemoryRow {
  id: number;
  topic: string;
  summary: string;
  content: string | null;
  tags: string | null;
  start_time: string;
  end_time: string;
  created_at: string;
}

/**
 * Memories. Keeps the original `memories` table and its rows (times rewritten
 * from local-time strings to ISO UTC), drops the original's `memories_fts`
 * (external content, stale after deletes, whole-CJK-run tokens) and builds
 * `memory_index` from the rows with CJK bigram terms (store/fts-terms.ts).
 * A trigger removes index entries with their row, whoever deletes it.
 * Frozen in what it writes; it reads the rows in bounded batches (1 M original memories
 * once held ~700 MB).
 */
export const memoriesMigration: Migration = batchedMigration({
  version: 2,
  name: 'memories',
  *batches(db, progress) {
    const legacy = tableExists(db, 'memories');
    if (!legacy) {
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
      CREATE VIRTUAL TABLE memory_index USING fts5(topic, summary, content, tags, tokenize = 'unicode61 remove_diacritics 2');
      CREATE TRIGGER memories_index_delete AFTER DELETE ON memories BEGIN
        DELETE FROM memory_index WHERE rowid = old.id;
      END;
    `);
    // Built after the rows' times are rewritten: an index present during the rewrite doubles its work.
    const createIndex = () =>
      db.exec('CREATE INDEX IF NOT EXISTS idx_memories_created ON memories(created_at)');
    if (!legacy) {
      createIndex();
      return;
    }
    // The original's rows: times rewritten to ISO UTC and indexed, a batch at a time in id order.
    const total = (db.prepare('SELECT count(*) AS n FROM memories').get() as { n: number }).n;
    const batch = db.prepare(
      'SELECT id, topic, summary, content, tags, start_time, end_time, created_at FROM memories WHERE id > CAST(? AS INTEGER) ORDER BY id LIMIT ?',
    );
    const update = db.prepare(
      'UPDATE memories SET start_time = ?, end_time = ?, created_at = ? WHERE id = ?',
    );
    const insert = db.prepare(
      'INSERT INTO memory_index (rowid, topic, summary, content, tags) VALUES (?, ?, ?, ?, ?)',
    );
    let after = Number.MIN_SAFE_INTEGER;
    let done = 0;
    for (;;) {
      const rows = batch.all(after, BATCH) as MemoryRow[];
      if (rows.length === 0) break;
      for (const r of rows) {
        update.run(legacyToIso(r.start_time), legacyToIso(r.end_time), legacyToIso(r.created_at), r.id);
        insert.run(r.id, indexText(r.topic), indexText(r.summary), indexText(r.content), indexText(r.tags));
      }
      after = rows.at(-1)?.id ?? after;
      done += rows.length;
      progress?.(done, total);
      yield;
    }
    createIndex();
  },
});
