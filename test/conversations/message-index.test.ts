/**
 * Conversation search: messages are found by keyword as soon as they are stored (Chinese too),
 * older ones once the backfill has walked down to them, and a session's search sees only its own.
 */
import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/conversations/conversation-repo.js';
import { createMessageIndex, sessionTerm } from '../../src/conversations/message-index.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { tempDatabase } from '../helpers/test-database.js';

describe('conversation search', () => {
  it('finds stored user and assistant messages, Chinese included, within a session when asked', async () => {
    const db = await tempDatabase('aibox-msg-index-');
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    const index = createMessageIndex(db);
    const at = '2026-12-01T10:00:00+08:00';
    const web = conversations.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '会议' });
    messages.append(web.id, { role: 'user', content: '下周三的项目评审会在哪个会议室？', createdAt: at });
    messages.append(web.id, { role: 'assistant', content: 'The review is in room Orion.', createdAt: at });
    messages.append(web.id, { role: 'tool', content: 'room Orion secret tool output', createdAt: at });
    const chat = conversations.create({ id: 'c2', sessionId: 'telegram-42', startedAt: at, topic: 'tea' });
    messages.append(chat.id, { role: 'user', content: 'Is room Orion free for tea?', createdAt: at });

    const found = index.search('评审');
    expect(found.map((h) => [h.sessionId, h.role])).toEqual([['main', 'user']]);
    expect(found[0]?.snippet).toContain('项目评审会');
    expect(
      index
        .search('Orion')
        .map((h) => h.role)
        .sort(),
    ).toEqual(['assistant', 'user']);
    expect(index.search('Orion', { sessionId: 'telegram-42' }).map((h) => h.sessionId)).toEqual([
      'telegram-42',
    ]);
    expect(index.search('secret')).toEqual([]);
    expect(index.search('"; DROP TABLE messages; --')).toEqual([]);
    db.close();
  });

  it('indexes messages stored before the index, in batches, and resumes where it stopped', async () => {
    const db = await tempDatabase('aibox-msg-backfill-');
    const conversations = createConversationRepo(db);
    const at = '2026-12-01T10:00:00+08:00';
    const old = conversations.create({ id: 'c3', sessionId: 'main', startedAt: at, topic: 'old' });
    // Rows written as an earlier version did: straight into the table, not indexed.
    const insert = db.prepare(
      "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES (?, ?, 'user', ?, ?)",
    );
    for (let n = 1; n <= 1200; n++)
      insert.run(old.id, n, n === 7 ? 'the lighthouse keeper' : `note ${n}`, at);
    db.prepare('UPDATE message_index_backfill SET below = (SELECT MAX(id) + 1 FROM messages)').run();
    const index = createMessageIndex(db);
    expect(index.search('lighthouse')).toEqual([]);
    expect(index.backfill()).toBe(true);
    expect(index.backfill()).toBe(true);
    expect(index.search('lighthouse')).toEqual([]);
    // A new index (a restart) carries on from the stored position.
    const again = createMessageIndex(db);
    expect(again.backfill()).toBe(false);
    expect(again.search('lighthouse').map((h) => h.snippet)).toEqual(['the lighthouse keeper']);
    expect(again.backfill()).toBe(false);
    db.close();
  });

  it('ranks a very common word within the newest matches, as memories do, and still finds a rare one anywhere', async () => {
    const db = await tempDatabase('aibox-msg-window-');
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    const index = createMessageIndex(db);
    const at = '2026-12-01T10:00:00+08:00';
    const c = conversations.create({ id: 'c4', sessionId: 'main', startedAt: at, topic: '' });
    const first = messages.append(c.id, {
      role: 'user',
      content: 'coffee and the lighthouse',
      createdAt: at,
    });
    for (let n = 0; n < 3000; n++)
      messages.append(c.id, { role: 'user', content: `coffee note ${n}`, createdAt: at });
    const hits = index.search('coffee', { limit: 20 });
    expect(hits).toHaveLength(20);
    // Only the recent range holding ≥ 500 matches is ranked: the oldest one is not among them.
    expect(hits.every((h) => h.messageId > first.id + 500)).toBe(true);
    expect(index.search('lighthouse').map((h) => h.messageId)).toEqual([first.id]);
    db.close();
  });

  it("keeps a chat's search inside the index: its own matches only, ranked within its newest, never by its session term", async () => {
    const db = await tempDatabase('aibox-msg-chat-');
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    const index = createMessageIndex(db);
    const at = '2026-12-01T10:00:00+08:00';
    const owner = conversations.create({ id: 'c5', sessionId: 'main', startedAt: at, topic: '' });
    const chat = conversations.create({ id: 'c6', sessionId: 'telegram-42', startedAt: at, topic: '' });
    const first = messages.append(chat.id, {
      role: 'user',
      content: 'coffee at the lighthouse',
      createdAt: at,
    });
    db.transaction(() => {
      for (let n = 0; n < 4000; n++)
        messages.append(n % 4 === 0 ? chat.id : owner.id, {
          role: 'user',
          content: `coffee ${n}`,
          createdAt: at,
        });
    })();
    const hits = index.search('coffee', { sessionId: 'telegram-42', limit: 50 });
    expect(hits).toHaveLength(50);
    expect(new Set(hits.map((h) => h.sessionId))).toEqual(new Set(['telegram-42']));
    // 1,000 of the chat's matches: only a recent range holding ≥ 500 of them is ranked.
    expect(hits.every((h) => h.messageId > first.id + 1000)).toBe(true);
    expect(index.search('lighthouse', { sessionId: 'telegram-42' }).map((h) => h.messageId)).toEqual([
      first.id,
    ]);
    expect(index.search('lighthouse', { sessionId: 'main' })).toEqual([]);
    expect(index.search(sessionTerm('telegram-42'))).toEqual([]);
    expect(index.search('coffee', { sessionId: 'nobody' })).toEqual([]);
    db.close();
  });
});
