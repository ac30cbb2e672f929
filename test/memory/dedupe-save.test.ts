import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { openMemoryRecall } from '../../src/memory/hybrid/open-recall.js';
import { createMemoryStore } from '../../src/memory/store.js';
import type { Database } from '../../src/store/database.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../helpers/fake-embeddings.js';
import { tempDatabase } from '../helpers/test-database.js';

let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

function open(db: Database, vectors: boolean) {
  const config = defaultConfig();
  if (vectors) {
    config.memory.embeddings = {
      ...config.memory.embeddings,
      provider: 'custom',
      base_url: embeddings.baseUrl,
      model: 'fake-embed',
      dimensions: 64,
    };
  }
  return openMemoryRecall({
    db,
    memory: createMemoryStore({ db }),
    config: () => config,
    chat: { provider: 'deepseek', baseUrl: 'https://api.deepseek.com', apiKey: 'sk', timeoutMs: 5000 },
    env: {},
    lang: 'en',
    logger: silentLogger(),
  });
}

describe('saving a memory that is already there', () => {
  it('updates the same text (case, width, spaces and punctuation aside) instead of adding a copy', async () => {
    const db = await tempDatabase('aibox-dedupe-');
    const recall = open(db, false);
    const first = await recall.save({ summary: '用户喜欢喝美式咖啡。', topic: '饮品', importance: 3 });
    const again = await recall.save({ summary: '用户喜欢喝美式咖啡', importance: 2, tags: ['coffee'] });
    expect(again.duplicateOf).toBe(first.memory.id);
    expect(recall.memory.count()).toBe(1);
    expect(again.memory).toMatchObject({
      id: first.memory.id,
      topic: '饮品',
      importance: 3,
      tags: ['coffee'],
    });
    // The index follows the new text: found by the new tag, once.
    expect(recall.memory.search('coffee').items.map((m) => m.id)).toEqual([first.memory.id]);
    const other = await recall.save({ summary: '用户不喜欢喝咖啡' });
    expect(other.duplicateOf).toBeUndefined();
    expect(recall.memory.count()).toBe(2);
  });

  it('with embeddings, updates a memory said in other words (vector ≥ 0.95) and keeps its vector fresh', async () => {
    const db = await tempDatabase('aibox-dedupe-');
    const recall = open(db, true);
    const first = await recall.save({ summary: 'The user drinks a latte every morning' });
    await recall.indexer?.drain();
    const requestsBefore = embeddings.requests.length;
    // Same concept words and the same Latin words in another order: the fake's vectors are equal.
    const again = await recall.save({ summary: 'every morning the user drinks a latte!' });
    expect(again.duplicateOf).toBe(first.memory.id);
    expect(recall.memory.count()).toBe(1);
    await recall.indexer?.drain();
    // One embedding for the check, none more: the vector made for it was kept.
    expect(embeddings.requests.length).toBe(requestsBefore + 1);
    expect(recall.indexer?.backlog()).toBe(0);
    const different = await recall.save({ summary: 'The user runs a marathon in May' });
    expect(different.duplicateOf).toBeUndefined();
    expect(recall.memory.count()).toBe(2);
  });
});
