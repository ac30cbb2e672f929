/**
 * `aibox memory reindex [--conversations]` against the fake embeddings endpoint: memories always;
 * with --conversations the conversation messages' vectors too, saying how many it dropped and
 * queued; a failing endpoint is an error, never a loop. The first run is the built CLI as a real
 * process, the others the same command in this process (runInProcess).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../../src/conversations/conversation-repo.js';
import { createMessageRepo } from '../../../src/conversations/message-repo.js';
import { createMemoryStore } from '../../../src/memory/store.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../../helpers/fake-embeddings.js';
import { openDatabaseForTest } from '../../helpers/test-database.js';

let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

const at = '2026-12-01T10:00:00+08:00';

function configure(home: string) {
  const embeddingsConfig = {
    provider: 'custom',
    base_url: embeddings.baseUrl,
    model: 'fake-embed',
    dimensions: 64,
    api_key_env: 'EMB_KEY',
    batch_size: 10,
  };
  writeFileSync(join(home, 'config.json'), JSON.stringify({ memory: { embeddings: embeddingsConfig } }));
}

/** Seeds the data dir's database (then closes it), or reads it with `read`. */
async function withDb<T>(home: string, read: (db: Awaited<ReturnType<typeof openDatabaseForTest>>) => T) {
  const db = await openDatabaseForTest(join(home, 'memories.db'));
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const count = (home: string, table: string) =>
  withDb(home, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number);

describe('aibox memory reindex', () => {
  it('remakes memory vectors, and with --conversations the messages’ too, saying how many', async () => {
    const home = tempHome('aibox-reindex-');
    configure(home);
    await withDb(home, (db) => {
      createMemoryStore({ db }).save({ summary: 'The user likes coffee', topic: 'drinks' });
      const conversation = createConversationRepo(db).create({
        id: 'c1',
        sessionId: 'main',
        startedAt: at,
        topic: '',
      });
      const messages = createMessageRepo(db);
      messages.append(conversation.id, { role: 'user', content: 'My kitten will not eat', createdAt: at });
      messages.append(conversation.id, { role: 'assistant', content: 'Try another food.', createdAt: at });
      messages.append(conversation.id, { role: 'tool', content: 'a tool result', createdAt: at });
      messages.append(conversation.id, { role: 'user', content: '   ', createdAt: at });
    });
    const env = { EMB_KEY: 'k' };

    const first = await runCli(['memory', 'reindex', '--conversations'], { home, env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Embedded 1 memories (fake-embed)');
    expect(first.stdout).toContain('Dropped 0 vectors of conversation messages; 2 messages queued');
    expect(first.stdout).toContain('Embedded 2 conversation messages (fake-embed)');
    expect(await count(home, 'message_vectors')).toBe(2);
    expect(embeddings.texts()).toBe(3);

    // Without the flag the messages' vectors are left as they are.
    const memoriesOnly = await runInProcess(['memory', 'reindex'], { home, env });
    expect(memoriesOnly.code).toBe(0);
    expect(memoriesOnly.stdout).not.toContain('conversation');
    expect(embeddings.texts()).toBe(4);
    expect(await count(home, 'message_vectors')).toBe(2);

    const again = await runInProcess(['memory', 'reindex', '--conversations', '--lang', 'zh'], { home, env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('已删除 2 个对话消息的向量；2 条消息排队生成向量');
    expect(await count(home, 'message_vectors')).toBe(2);

    // Hostile input: a value for the flag, an extra argument.
    const valued = await runInProcess(['memory', 'reindex', '--conversations=yes'], { home, env });
    expect(valued.code).not.toBe(0);
    expect(valued.stderr.length).toBeLessThan(500);
    const extra = await runInProcess(['memory', 'reindex', 'x'.repeat(5000)], { home, env });
    expect(extra.code).not.toBe(0);
    expect(extra.stderr.length).toBeLessThan(500);
    expect(await count(home, 'message_vectors')).toBe(2);
  });

  it('fails, and says why, when the endpoint fails on the messages', async () => {
    const home = tempHome('aibox-reindex-fail-');
    configure(home);
    await withDb(home, (db) => {
      const conversation = createConversationRepo(db).create({
        id: 'c1',
        sessionId: 'main',
        startedAt: at,
        topic: '',
      });
      createMessageRepo(db).append(conversation.id, { role: 'user', content: 'Hello there', createdAt: at });
    });
    embeddings.failNext(50, 500);
    const failed = await runInProcess(['memory', 'reindex', '--conversations'], {
      home,
      env: { EMB_KEY: 'k' },
    });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('1 messages queued');
    expect(failed.stderr).toContain('Cannot embed');
    expect(await count(home, 'message_vectors')).toBe(0);
  });
});
