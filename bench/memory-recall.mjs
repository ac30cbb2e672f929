// Hybrid memory search and recall at scale: `node bench/memory-recall.mjs [count] [dims]
// [--baseline DIR]` (after `npm run build`). Builds N memories (default 100,000) with unit vectors
// of D dimensions (default 512, the presets' size) in a temp memories.db, then times, in the same
// run:
//   - keyword search alone (today's path, the baseline),
//   - the brute-force vector scan (top 50),
//   - hybrid search (keyword + vector, fused), and automatic recall before a turn (with the
//     keyword-only recall of a box without embeddings as its baseline),
//   - past conversations: N messages (a tenth in one chat's session, 1 in 330 in a small chat's)
//     with vectors, searched by keyword alone (baseline), by keyword + meaning, and both within
//     each chat.
// With `--baseline DIR` (a built checkout of another commit, e.g. `git worktree add /tmp/base
// main && (cd /tmp/base && npm ci && npm run build)`), the same data is built with that
// checkout's `dist/` too, in a database of its own, and every step is timed on both, one query on
// each in turn (so a machine whose load changes weighs on both alike): before / after in one run.
// The query's own embedding is a provider round trip and is excluded: the embedder here answers
// from memory. No retrieval quality is claimed from random vectors (see docs/benchmarks.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const at = args.indexOf('--baseline');
const baselineRoot = at >= 0 ? resolve(args[at + 1] ?? '') : undefined;
const positional = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
const COUNT = Number(positional[0] ?? 100_000);
const DIMS = Number(positional[1] ?? 512);
const RUNS = 100;
const here = resolve(fileURLToPath(new URL('..', import.meta.url)));

const WORDS =
  '项目 进度 会议 备份 服务器 孩子 学校 天气 公园 晚饭 医院 旅行 预算 账单 手机 电脑 照片 音乐 读书 跑步 咖啡 朋友 生日 快递 宠物 小猫 周末 搬家 银行 基金 coffee meeting backup server school weather park dinner travel budget phone music running birthday cat weekend bank'.split(
    ' ',
  );
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const ms = (x) => `${x.toFixed(2)} ms`;

/** One checkout's code over its own database, built from the same seed: the steps to time. */
async function openSide(root, home) {
  const load = (path) => import(join(root, 'dist', path));
  const [
    { createConversationRepo },
    { createConversationSearch },
    { createMessageIndex },
    { createMessageRepo },
    { MESSAGE_VECTORS },
    { createHybridSearch },
    { createRecall },
    { createMemoryStore },
    { openDatabase },
    { createVectorSpace },
    { createVectorStore },
  ] = await Promise.all(
    [
      'conversations/conversation-repo.js',
      'conversations/conversation-search.js',
      'conversations/message-index.js',
      'conversations/message-repo.js',
      'conversations/message-vectors.js',
      'memory/hybrid/hybrid-search.js',
      'memory/hybrid/recall.js',
      'memory/store.js',
      'store/database.js',
      'store/vectors/vector-space.js',
      'store/vectors/vector-store.js',
    ].map(load),
  );
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
  const vector = () => {
    const v = new Float32Array(DIMS);
    for (let i = 0; i < DIMS; i++) v[i] = rand() - 0.5;
    return v;
  };

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
    `${root}: ${COUNT} memories with ${DIMS}-dim vectors built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
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
  console.log(`vector codes loaded in ${ms(loadMs)}, +${((heapAfter - heapBefore) / 2 ** 20).toFixed(0)} MB`);
  const settings = () => ({ recall_k: 5, recall_tokens: 600, recall_min_similarity: 0.1 });
  const recall = createRecall(search, settings, 'en');
  const keywordRecall = createRecall(createHybridSearch(memory, undefined), settings, 'en');

  // Past conversations: as many messages, a tenth of them in one chat's session, 1 in 330 in a
  // small chat's.
  const conversations = createConversationRepo(db);
  const messages = createMessageRepo(db);
  const day = '2026-12-01T10:00:00+08:00';
  const chatOf = (id, sessionId) => conversations.create({ id, sessionId, startedAt: day, topic: '' });
  const owner = chatOf('bench-main', 'main');
  const chat = chatOf('bench-chat', 'telegram-42');
  const small = chatOf('bench-small', 'telegram-7');
  const messageVectors = createVectorStore(db, 'bench/512', DIMS, MESSAGE_VECTORS);
  const m0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < COUNT; i++) {
      const stored = messages.append(i % 10 === 0 ? chat.id : i % 330 === 5 ? small.id : owner.id, {
        role: i % 2 ? 'assistant' : 'user',
        content: words(20),
        createdAt: day,
      });
      messageVectors.put(stored.id, vector());
    }
  })();
  console.log(`${COUNT} messages with vectors built in ${((performance.now() - m0) / 1000).toFixed(1)} s`);
  const index = createMessageIndex(db);
  const keywordOnly = createConversationSearch(db, index, undefined);
  const byMeaning = createConversationSearch(
    db,
    index,
    createVectorSpace(db, embedder, DIMS, MESSAGE_VECTORS),
  );
  await byMeaning.search(queries[0].text); // loads the codes once
  const q = (i) => queries[i].text;
  return {
    steps: {
      'keyword search (baseline)': (i) => memory.search(q(i), { pageSize: 50 }),
      'vector scan, top 50': (i) => space.store().nearest(queries[i].vector, 50),
      'hybrid search (keyword + vector)': (i) => search.search(q(i), { limit: 10 }),
      'recall before a turn': (i) => recall(q(i)),
      'recall by keyword only (baseline)': (i) => keywordRecall(q(i)),
      'conversations: keyword (baseline)': (i) => keywordOnly.search(q(i), { limit: 8 }),
      'conversations: keyword + meaning': (i) => byMeaning.search(q(i), { limit: 8 }),
      "conversations: a chat's, keyword": (i) =>
        keywordOnly.search(q(i), { limit: 8, sessionId: 'telegram-42' }),
      "conversations: a chat's, + meaning": (i) =>
        byMeaning.search(q(i), { limit: 8, sessionId: 'telegram-42' }),
      "conversations: small chat's, keyword": (i) =>
        keywordOnly.search(q(i), { limit: 8, sessionId: 'telegram-7' }),
      "conversations: small chat's, + meaning": (i) =>
        byMeaning.search(q(i), { limit: 8, sessionId: 'telegram-7' }),
    },
    close: () => db.close(),
  };
}

/**
 * p50 / p95 of each side's step, one query on each side in turn (the order swapped every query),
 * in wall time and in this process's CPU time (which other jobs on a loaded machine do not
 * inflate as much).
 */
async function timeStep(label, sides) {
  const wall = sides.map(() => []);
  const cpu = sides.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const s of order) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await sides[s].steps[label](i);
      wall[s].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[s].push((c.user + c.system) / 1000);
    }
  }
  const lines = wall.map((xs, s) => ({ p50: pct(xs, 0.5), p95: pct(xs, 0.95), cpu: pct(cpu[s], 0.5) }));
  const cells = lines.map(
    (l) => `p50 ${ms(l.p50).padStart(10)}  p95 ${ms(l.p95).padStart(10)}  cpu p50 ${ms(l.cpu).padStart(9)}`,
  );
  const ratio =
    lines.length === 2
      ? `  (after / before: p50 ×${(lines[1].p50 / lines[0].p50).toFixed(2)}, cpu ×${(lines[1].cpu / lines[0].cpu).toFixed(2)})`
      : '';
  console.log(`${label.padEnd(40)} ${cells.join('  |  ')}${ratio}`);
  return lines.at(-1);
}

const homes = [];
const sides = [];
try {
  for (const root of baselineRoot ? [baselineRoot, here] : [here]) {
    const home = mkdtempSync(join(tmpdir(), 'aibox-bench-recall-'));
    homes.push(home);
    sides.push(await openSide(root, home));
  }
  if (baselineRoot) console.log(`before: ${baselineRoot}  |  after: ${here}`);
  const line = {};
  for (const label of Object.keys(sides[0].steps)) line[label] = await timeStep(label, sides);
  const p95 = (label) => ms(line[label].p95);
  console.log(
    `hybrid p95 ${p95('hybrid search (keyword + vector)')} (goal < 30 ms); vector scan ${p95('vector scan, top 50')}; ` +
      `recall adds ${p95('recall before a turn')} p95 before the first model request (goal < 20 ms)`,
  );
  console.log(
    `conversation search p95: keyword ${p95('conversations: keyword (baseline)')}, hybrid ${p95('conversations: keyword + meaning')}, ` +
      `a chat's ${p95("conversations: a chat's, + meaning")}, a small chat's ${p95("conversations: small chat's, + meaning")}`,
  );
} finally {
  for (const side of sides) side.close();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
}
