/**
 * Past conversations by meaning: with embeddings on, user and assistant messages get vectors in
 * the background (batched, resumable, metered with the memories' embedder) and conversation_search
 * fuses keyword and meaning, kept to a chat's own session; without embeddings it is the keyword
 * search and says so. The endpoint is outside input: failures, garbage and vectors of the wrong
 * size leave the keyword search, never a loop. The fake embedder claims no retrieval quality.
 */
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { openConversationSearch } from '../../src/app/open-conversation-search.js';
import { defaultConfig } from '../../src/config/schema.js';
import { createConversationRepo } from '../../src/conversations/conversation-repo.js';
import { createMessageIndex } from '../../src/conversations/message-index.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { silentLogger } from '../../src/log/logger.js';
import { openMemoryRecall } from '../../src/memory/hybrid/open-recall.js';
import { createMemoryStore } from '../../src/memory/store.js';
import { MAX_TEXT_CHARS } from '../../src/providers/embeddings/embedder.js';
import type { Database } from '../../src/store/database.js';
import { createConversationSearchTool } from '../../src/tools/memory/conversation-search.js';
import {
  type FakeEmbeddings,
  fakeEmbeddingsConfig,
  startFakeEmbeddings,
} from '../helpers/fake-embeddings.js';
import { openDatabaseForTest, tempDatabase } from '../helpers/test-database.js';
import { makeContext } from '../helpers/tool-context.js';

let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

const at = '2026-12-01T10:00:00+08:00';

/** The app's wiring: the memories' embedder (and its meter), a vectors table of messages. */
function open(db: Database, options: { embeddings?: boolean; batchSize?: number } = {}) {
  const config = defaultConfig();
  config.memory.embeddings =
    options.embeddings === false
      ? { ...config.memory.embeddings, provider: 'off' }
      : {
          ...fakeEmbeddingsConfig(config.memory.embeddings, embeddings),
          batch_size: options.batchSize ?? 10,
        };
  const metered: number[] = [];
  const recall = openMemoryRecall({
    db,
    memory: createMemoryStore({ db }),
    config: () => config,
    chat: { provider: 'deepseek', baseUrl: 'http://127.0.0.1:9', apiKey: '', timeoutMs: 10_000 },
    env: { EMB_KEY: 'k' },
    lang: 'en',
    logger: silentLogger(),
    meter: { refusal: () => undefined, record: (usage) => metered.push(usage.totalTokens) },
  });
  recall.indexer?.close();
  const index = createMessageIndex(db);
  const conversations = openConversationSearch(db, index, recall, silentLogger());
  onTestFinished(() => conversations.indexer?.close());
  const messages = createMessageRepo(db, () => conversations.indexer?.wake());
  return { ...conversations, messages, repo: createConversationRepo(db), metered };
}

const vectorsOf = (db: Database) =>
  (db.prepare('SELECT count(*) FROM message_vectors').pluck().get() as number) ?? 0;

describe('conversation search by meaning', () => {
  it('finds a message phrased differently, keeps a chat to its own session, and says when it was by keyword only', async () => {
    const db = await tempDatabase('aibox-conv-meaning-');
    const box = open(db);
    const main = box.repo.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '' });
    box.messages.append(main.id, { role: 'user', content: '我家小猫最近不爱吃东西', createdAt: at });
    box.messages.append(main.id, {
      role: 'assistant',
      content: 'Try a different food brand.',
      createdAt: at,
    });
    box.messages.append(main.id, { role: 'tool', content: 'kitten tool output', createdAt: at });
    const chat = box.repo.create({ id: 'c2', sessionId: 'telegram-42', startedAt: at, topic: '' });
    box.messages.append(chat.id, { role: 'user', content: 'My pet cat sleeps all day', createdAt: at });
    await box.indexer?.drain();
    expect(box.indexer?.backlog()).toBe(0);
    // User and assistant messages only, in one batch, counted by the meter.
    expect(vectorsOf(db)).toBe(3);
    expect(box.metered.length).toBeGreaterThan(0);

    const found = await box.search.search('kitten', { limit: 5 });
    expect(found.mode).toBe('hybrid');
    expect(found.hits[0]?.snippet).toMatch(/小猫|cat/);
    expect(found.hits.map((h) => h.sessionId)).toContain('main');
    // A chat's search compares the query with its own messages only.
    const own = await box.search.search('kitten', { sessionId: 'telegram-42', limit: 5 });
    expect(own.mode).toBe('hybrid');
    expect(own.hits.map((h) => h.sessionId)).toEqual(['telegram-42']);
    expect(own.hits[0]?.snippet).toBe('My pet cat sleeps all day');

    const tool = createConversationSearchTool({
      search: box.search,
      lang: 'en',
      scopeOf: (session) => (session === 'telegram-42' ? 'telegram:42' : undefined),
    });
    const ctx = { ...makeContext(), sessionId: 'telegram-42' };
    const result = await tool.execute({ query: 'kitten' }, ctx);
    expect(result.content).toContain('My pet cat');
    expect(result.content).not.toContain('小猫');
    expect(result.content).not.toMatch(/keyword only/);

    // The endpoint down: the keyword search, and the tool says so.
    embeddings.failNext(2);
    const down = await tool.execute({ query: 'cat' }, ctx);
    expect(down.content).toMatch(/by keyword only/);
    expect(down.content).toContain('My pet cat');
    db.close();
  });

  it('is the keyword search, said so, without embeddings', async () => {
    const db = await tempDatabase('aibox-conv-meaning-');
    const box = open(db, { embeddings: false });
    expect(box.indexer).toBeUndefined();
    const c = box.repo.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '' });
    box.messages.append(c.id, { role: 'user', content: 'the cat sleeps', createdAt: at });
    const result = await box.search.search('cat');
    expect(result).toMatchObject({ mode: 'keyword', note: 'no_embeddings' });
    expect(result.hits).toHaveLength(1);
    const tool = createConversationSearchTool({ search: box.search, lang: 'zh' });
    const said = await tool.execute({ query: 'kitten' }, makeContext({ lang: 'zh' }));
    expect(said.content).toContain('只按关键词');
    expect(embeddings.requests).toHaveLength(0);
    db.close();
  });

  it('drops a vector with its message or conversation, and remakes it when the text changes', async () => {
    const db = await tempDatabase('aibox-conv-meaning-');
    const box = open(db);
    const c = box.repo.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '' });
    const first = box.messages.append(c.id, { role: 'user', content: 'coffee at nine', createdAt: at });
    box.messages.append(c.id, { role: 'assistant', content: 'noted, a latte', createdAt: at });
    const other = box.repo.create({ id: 'c2', sessionId: 'main', startedAt: at, topic: '' });
    box.messages.append(other.id, { role: 'user', content: 'birthday party', createdAt: at });
    await box.indexer?.drain();
    expect(vectorsOf(db)).toBe(3);
    db.prepare("UPDATE messages SET content = 'tea at ten' WHERE id = ?").run(first.id);
    expect(box.indexer?.backlog()).toBe(1);
    db.prepare('DELETE FROM messages WHERE id = ?').run(first.id);
    expect(vectorsOf(db)).toBe(1 + 1);
    db.prepare("DELETE FROM conversations WHERE id = 'c2'").run();
    expect(vectorsOf(db)).toBe(1);
    expect(box.indexer?.backlog()).toBe(0);
    const hits = await box.search.search('birthday');
    expect(hits.mode).toBe('hybrid');
    expect(hits.hits.map((h) => h.snippet)).toEqual(['noted, a latte']);
    db.close();
  });

  it('resumes after a restart, in batches, newest first, with huge messages cut and many messages', async () => {
    const path = (await tempDatabase('aibox-conv-meaning-')).name;
    const db = await openDatabaseForTest(path);
    const first = open(db, { batchSize: 16 });
    first.indexer?.close(); // a box stopped before it embedded anything
    const c = first.repo.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '' });
    const huge = `${'长'.repeat(2_000_000)} espresso`;
    first.messages.append(c.id, { role: 'user', content: huge, createdAt: at });
    for (let i = 0; i < 99; i++)
      first.messages.append(c.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: `note ${i}`,
        createdAt: at,
      });
    first.messages.append(c.id, { role: 'user', content: ' \n\t ', createdAt: at });
    expect(embeddings.requests).toHaveLength(0);

    const again = open(db, { batchSize: 16 });
    // Only spaces and line breaks: nothing to embed, as nothing to index.
    expect(again.indexer?.backlog()).toBe(100);
    await again.indexer?.drain();
    expect(again.indexer?.backlog()).toBe(0);
    const sizes = embeddings.requests.map((r) => r.input.length);
    expect(sizes).toEqual([16, 16, 16, 16, 16, 16, 4]);
    // Newest first: the last message stored is in the first batch, the huge one in the last.
    expect(embeddings.requests[0]?.input).toContain('note 98');
    const longest = Math.max(...embeddings.requests.flatMap((r) => r.input.map((text) => text.length)));
    expect(longest).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    db.close();
  });

  it('keeps the keyword search, and stops calling, when the endpoint answers garbage or the wrong size', async () => {
    const db = await tempDatabase('aibox-conv-meaning-');
    const box = open(db);
    const c = box.repo.create({ id: 'c1', sessionId: 'main', startedAt: at, topic: '' });
    box.messages.append(c.id, { role: 'user', content: 'the cat sleeps', createdAt: at });
    for (const kind of ['wrong_dims', 'garbage'] as const) {
      embeddings.misbehave(kind);
      await box.indexer?.drain();
      expect(box.indexer?.lastError()).toBeTruthy();
      expect(vectorsOf(db)).toBe(0);
      const asked = embeddings.requests.length;
      // A pending retry: more messages do not call the failing endpoint again.
      box.messages.append(c.id, { role: 'assistant', content: `more about cats (${kind})`, createdAt: at });
      box.indexer?.wake();
      expect(embeddings.requests.length).toBe(asked);
      const result = await box.search.search('cat');
      expect(result.mode).toBe('keyword');
      expect(result.note).toBeTruthy();
      expect(result.hits.length).toBeGreaterThan(0);
    }
    embeddings.misbehave(undefined);
    await box.indexer?.drain();
    expect(box.indexer?.lastError()).toBeUndefined();
    expect(vectorsOf(db)).toBe(3);
    db.close();
  });
});
