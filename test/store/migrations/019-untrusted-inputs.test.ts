/**
 * Migration 019 gives memories and messages an `untrusted` column: every row of a version-18
 * database is kept as it was, reads as having come with no outside text, and new rows record it.
 */
import { describe, expect, it } from 'vitest';
import { createMessageRepo } from '../../../src/conversations/message-repo.js';
import { createMemoryStore } from '../../../src/memory/store.js';
import { databaseAt } from './at-version.js';

describe('migration 019 (untrusted inputs)', () => {
  it('keeps every memory and message of a version-18 database, none marked, and records new ones', () => {
    const { db, next } = databaseAt(18);
    try {
      const memory = db.prepare(
        `INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance, chat, source, kind)
         VALUES ('t', ?, '', 'now', 'now', 'now', 'a,b', 3, ?, 'main', ?)`,
      );
      memory.run('the owner likes tea', null, 'user');
      memory.run('Alice likes coffee', 'telegram:42', 'chat');
      db.exec("INSERT INTO conversations (id, session_id, started_at) VALUES ('c1', 'main', 'now')");
      const message = db.prepare(
        "INSERT INTO messages (conversation_id, seq, role, content, tool_name, created_at) VALUES ('c1', ?, ?, ?, ?, 'now')",
      );
      message.run(1, 'user', 'fetch the page', null);
      message.run(2, 'tool', 'page text', 'web');
      const before = {
        memories: db.prepare('SELECT * FROM memories ORDER BY id').all(),
        messages: db.prepare('SELECT * FROM messages ORDER BY id').all(),
      };

      next();
      const rowsNow = (table: string) =>
        (db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[]).map(
          ({ untrusted, ...rest }) => {
            expect(untrusted).toBeNull();
            return rest;
          },
        );
      expect(rowsNow('memories')).toEqual(before.memories);
      expect(rowsNow('messages')).toEqual(before.messages);

      const store = createMemoryStore({ db });
      expect(store.get(1)).toMatchObject({ summary: 'the owner likes tea', untrusted: [] });
      const saved = store.save({ summary: 'from a page', untrusted: ['web', 'mcp:fs', 'web'] });
      expect(saved.untrusted).toEqual(['mcp:fs', 'web']);
      const repo = createMessageRepo(db);
      expect(repo.live('c1').map((m) => m.untrusted)).toEqual([[], []]);
      const tool = repo.append('c1', {
        role: 'tool',
        content: 'more page text',
        toolName: 'web',
        untrusted: ['web'],
        createdAt: 'now',
      });
      expect(tool.untrusted).toEqual(['web']);
      expect(repo.live('c1').at(-1)?.untrusted).toEqual(['web']);
    } finally {
      db.close();
    }
  });
});
