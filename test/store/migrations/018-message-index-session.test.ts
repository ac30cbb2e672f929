/**
 * Migration 018 makes `message_index` again with a `session` column: what was indexed before is
 * indexed again by the backfill, newest first, and a session's search finds its old messages.
 */
import { describe, expect, it } from 'vitest';
import { createMessageIndex } from '../../../src/conversations/message-index.js';
import { databaseAt } from './at-version.js';

describe('migration 018 (message index with sessions)', () => {
  it('empties the index, and the backfill indexes every message again with its session', () => {
    const { db, next } = databaseAt(17);
    try {
      db.exec(
        `INSERT INTO conversations (id, session_id, started_at) VALUES ('c1', 'main', 'now'), ('c2', 'telegram-42', 'now')`,
      );
      const insert = db.prepare(
        "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES (?, ?, 'user', ?, 'now')",
      );
      const indexed = db.prepare('INSERT INTO message_index (rowid, text) VALUES (?, ?)');
      db.transaction(() => {
        for (let n = 1; n <= 700; n++) {
          const at = insert.run(n % 7 === 0 ? 'c2' : 'c1', n, `lighthouse note ${n}`);
          indexed.run(at.lastInsertRowid, `lighthouse note ${n}`);
        }
      })();
      db.prepare('UPDATE message_index_backfill SET below = 1').run();

      next();
      expect(db.prepare('SELECT below FROM message_index_backfill').pluck().get()).toBe(701);
      const index = createMessageIndex(db);
      expect(index.search('lighthouse')).toEqual([]);
      expect(index.backfill()).toBe(true);
      // The newest 500 first.
      expect(index.search('201').map((h) => h.messageId)).toEqual([201]);
      expect(index.search('200')).toEqual([]);
      expect(index.backfill()).toBe(false);
      expect(index.search('200').map((h) => h.messageId)).toEqual([200]);
      const chat = index.search('lighthouse', { sessionId: 'telegram-42', limit: 50 });
      expect(chat).toHaveLength(50);
      expect(new Set(chat.map((h) => h.sessionId))).toEqual(new Set(['telegram-42']));
      expect(index.search('7', { sessionId: 'telegram-42' }).map((h) => h.snippet)).toEqual([
        'lighthouse note 7',
      ]);
      expect(index.search('7', { sessionId: 'main' })).toEqual([]);
    } finally {
      db.close();
    }
  });
});
