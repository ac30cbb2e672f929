/**
 * The memory side of the box on a real database: with embeddings on, what was saved before the
 * start gets vectors once the background work starts, and closing stops it; with them off there
 * is no background indexer and the keyword search still answers.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { openMemoryServices } from '../../src/app/open-memory-services.js';
import { type Config, defaultConfig } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { createMemoryStore } from '../../src/memory/store.js';
import { resolveLlmSettings } from '../../src/providers/resolve-settings.js';
import { createSkillRegistry } from '../../src/skills/registry.js';
import type { Database } from '../../src/store/database.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';
import {
  type FakeEmbeddings,
  fakeEmbeddingsConfig,
  startFakeEmbeddings,
} from '../helpers/fake-embeddings.js';
import { openDatabaseForTest } from '../helpers/test-database.js';

let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

async function open(embeddingsOn: boolean) {
  const home = tempHome('aibox-memory-services-');
  const db = await openDatabaseForTest(join(home, 'memories.db'));
  const config: Config = defaultConfig();
  config.memory.embeddings = embeddingsOn
    ? fakeEmbeddingsConfig(config.memory.embeddings, embeddings)
    : { ...config.memory.embeddings, provider: 'off' };
  mkdirSync(join(home, 'skills'));
  const skills = await createSkillRegistry({
    dir: join(home, 'skills'),
    cacheFile: join(home, 'skills-cache.json'),
    lang: 'en',
  });
  onTestFinished(() => skills.close());
  const chat = resolveLlmSettings(config.llm, { env: {} });
  const services = await openMemoryServices({
    db,
    clock: systemClock,
    config: () => config,
    chat,
    model: () => chat.model,
    presetPrices: () => chat.preset.prices,
    skills,
    home,
    env: { EMB_KEY: 'k' },
    lang: 'en',
    logger: silentLogger(),
  });
  onTestFinished(() => services.close());
  return { db, services };
}

const count = (db: Database, table: string) =>
  db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('the memory services', () => {
  it('give vectors to memories saved before the start once started, and close cleanly', async () => {
    const { db, services } = await open(true);
    createMemoryStore({ db }).save({ summary: 'The user drinks black coffee', topic: 'drinks' });
    expect(count(db, 'memory_vectors')).toBe(0);
    expect(services.recall.indexer).toBeDefined();
    expect(services.conversations.indexer).toBeDefined();
    services.startBackground();
    await expect.poll(() => count(db, 'memory_vectors'), { timeout: 10_000 }).toBe(1);
    await services.close();
    await services.close();
  });

  it('without embeddings have no background indexer and still search by keyword', async () => {
    const { services } = await open(false);
    expect(services.recall.indexer).toBeUndefined();
    expect(services.conversations.indexer).toBeUndefined();
    expect(services.skillMeaning).toBeUndefined();
    await services.recall.save({ summary: '用户喜欢喝美式咖啡', topic: '饮品' });
    const found = await services.recall.search.search('咖啡');
    expect(found.mode).toBe('keyword');
    expect(found.hits.map((hit) => hit.summary)).toEqual(['用户喜欢喝美式咖啡']);
    expect(services.usage).toBeDefined();
    services.startBackground();
    await services.close();
  });
});
