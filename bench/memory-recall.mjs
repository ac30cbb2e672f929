// Hybrid memory search and recall at scale: `node bench/memory-recall.mjs [count] [dims]` (after
// `npm run build`). Builds N memories (default 100,000) with unit vectors of D dimensions (default
// 512, the presets' size) in a temp memories.db, then times, in the same run:
//   - keyword search alone (today's path, the baseline),
//   - the brute-force vector scan (top 50),
//   - hybrid search (keyword + vector, fused), and automatic recall before a turn (with the
//     keyword-only recall of a box without embeddings as its baseline),
//   - past conversations: N messages (a tenth in one chat's session, 1 in 330 in a small chat's)
//     with vectors, searched by keyword alone (baseline), by keyword + meaning, and both within
//     each chat.
// The query's own embedding is a provider round trip and is excluded: the embedder here answers
// from memory. No retrieval quality is claimed from random vectors (see docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConversationRepo } from '../dist/conversations/conversation-repo.js';
import { createConversationSearch } from '../dist/conversations/conversation-search.js';
import { createMessageIndex } from '../dist/conversations/message-index.js';
import { createMessageRepo } from '../dist/conversations/message-repo.js';
import { MESSAGE_VECTORS } from '../dist/conversations/message-vectors.js';
import { createHybridSearch } from '../dist/memory/hybrid/hybrid-search.js';
import { createRecall } from '../dist/memory/hybrid/recall.js';
import { createMemoryStore } from '../dist/memory/store.js';
import { openDatabase } from '../dist/store/database.js';
import { createVectorSpace } from '../dist/store/vectors/vector-space.js';
import { createVectorStore } from '../dist/store/vectors/vector-store.js';

const COUNT = Number(process.argv[2] ?? 100_000);
const DIMS = Number(process.argv[3] ?? 512);
const RUNS = 100;

let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const WORDS =
  '项目 进度 会议 备份 服务器 孩子 学校 天气 公园 晚饭 医院 旅行 预算 账单 手机 电脑 照片 音乐 读书 跑步 咖啡 朋友 生日 快递 宠物 小猫 周末 搬家 银行 基金 coffee meeting backup server school weather park dinner travel budget phone music running birthday cat weekend bank'.split(
    ' ',
  );
const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
const vector = () => {
  const v = new Float32Array(DIMS);
  for (let i = 0; i < DIMS; i++) v[i] = rand() - 0.5;
  return v;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${x.toFixed(2)} ms`;
async function time(label, fn) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  const line = { p50: pct(samples, 0.5), p95: pct(samples, 0.95) };
  console.log(`${label.padEnd(34)} p50 ${ms(line.p50).padStart(10)}  p95 ${ms(line.p95).padStart(10)}`);
  return line;
}

const home = mkdtempSync(join(tmpdir(), 'aibox-bench-recall-'));
try {
  const db = await openDatabase(join(home, 'memories.db'));
  const memory = createMemoryStore({ db });
  const vectors = createVectorStore(db, 'bench/512', DIMS);
  const t0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const saved = memory.save({ summary: words(12), topic: words(2) });
      vectors.put(saved.id, vector());
    }
  })();
  console.log(
    `${COUNT} memories with ${DIMS}-dim vectors built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const queries = Array.from({ length: RUNS }, () => ({ text: words(3), vector: vector() }));
  const embedder = {
    key: 'bench/512',
    embed: async (texts) => texts.map((_, i) => queries[i % RUNS].vector),
  };
  const space = createVectorSpace(db, embedder, DIMS);
  const search = createHybridSearch(memory, space);
  const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const loadStart = performance.now();
  space.store().nearest(queries[0].vector, 1);
  const loadMs = performance.now() - loadStart;
  const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  console.log(
    `vector matrix loaded in ${ms(loadMs)}, +${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MB`,
  );

  const keyword = await time('keyword search (baseline)', (i) =>
    memory.search(queries[i].text, { pageSize: 50 }),
  );
  const scan = await time('vector scan, top 50', (i) => space.store().nearest(queries[i].vector, 50));
  const hybrid = await time('hybrid search (keyword + vector)', (i) =>
    search.search(queries[i].text, { limit: 10 }),
  );
  const recall = createRecall(
    search,
    () => ({ recall_k: 5, recall_tokens: 600, recall_min_similarity: 0.1 }),
    'en',
  );
  const recalled = await time('recall before a turn', (i) => recall(queries[i].text));
  const keywordRecall = createRecall(
    createHybridSearch(memory, undefined),
    () => ({ recall_k: 5, recall_tokens: 600, recall_min_similarity: 0.1 }),
    'en',
  );
  await time('recall by keyword only (baseline)', (i) => keywordRecall(queries[i].text));
  console.log(
    `hybrid p95 ${ms(hybrid.p95)} (goal < 30 ms) = ${(hybrid.p95 / keyword.p95).toFixed(1)}× keyword p95; ` +
      `vector scan ${ms(scan.p95)}; recall adds ${ms(recalled.p95)} p95 before the first model request (goal < 20 ms)`,
  );

  // Past conversations: as many messages, a tenth of them in one chat's session, 1 in 330 in a
  // small chat's.
  const conversations = createConversationRepo(db);
  const messages = createMessageRepo(db);
  const at = '2026-12-01T10:00:00+08:00';
  const owner = conversations.create({ id: 'bench-main', sessionId: 'main', startedAt: at, topic: '' });
  const chat = conversations.create({ id: 'bench-chat', sessionId: 'telegram-42', startedAt: at, topic: '' });
  const small = conversations.create({
    id: 'bench-small',
    sessionId: 'telegram-7',
    startedAt: at,
    topic: '',
  });
  const messageVectors = createVectorStore(db, 'bench/512', DIMS, MESSAGE_VECTORS);
  const m0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const stored = messages.append(i % 10 === 0 ? chat.id : i % 330 === 5 ? small.id : owner.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: words(20),
        createdAt: at,
      });
      messageVectors.put(stored.id, vector());
    }
  })();
  console.log(`${COUNT} messages with vectors built in ${((performance.now() - m0) / 1000).toFixed(1)} s`);
  const index = createMessageIndex(db);
  const keywordOnly = createConversationSearch(db, index, undefined);
  const messageSpace = createVectorSpace(db, embedder, DIMS, MESSAGE_VECTORS);
  const byMeaning = createConversationSearch(db, index, messageSpace);
  await byMeaning.search(queries[0].text); // loads the codes once
  const convKeyword = await time('conversations: keyword (baseline)', (i) =>
    keywordOnly.search(queries[i].text, { limit: 8 }),
  );
  const convHybrid = await time('conversations: keyword + meaning', (i) =>
    byMeaning.search(queries[i].text, { limit: 8 }),
  );
  const convChatKeyword = await time("conversations: a chat's, keyword", (i) =>
    keywordOnly.search(queries[i].text, { limit: 8, sessionId: 'telegram-42' }),
  );
  const convChat = await time("conversations: a chat's, + meaning", (i) =>
    byMeaning.search(queries[i].text, { limit: 8, sessionId: 'telegram-42' }),
  );
  const smallKeyword = await time("conversations: small chat's, keyword", (i) =>
    keywordOnly.search(queries[i].text, { limit: 8, sessionId: 'telegram-7' }),
  );
  const smallChat = await time("conversations: small chat's, + meaning", (i) =>
    byMeaning.search(queries[i].text, { limit: 8, sessionId: 'telegram-7' }),
  );
  console.log(
    `conversation search p95: keyword ${ms(convKeyword.p95)}, hybrid ${ms(convHybrid.p95)}, a chat's ${ms(convChat.p95)} (keyword alone ${ms(convChatKeyword.p95)}), a small chat's ${ms(smallChat.p95)} (keyword alone ${ms(smallKeyword.p95)}) (goal < 30 ms)`,
  );
  db.close();
} finally {
  rmSync(home, { recursive: true, force: true });
}
