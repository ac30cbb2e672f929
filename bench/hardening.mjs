/**
 * Hardening figures (issue 9), after `npm run build`: node bench/hardening.mjs [frames]
 *
 * 1. Unknown-session flood: one client sends N `abort` frames (default 120,000), each naming a
 *    session nobody used; sessions held and heap/RSS growth, against the same client's idle figures.
 * 2. Endless model reply: time until the turn ends with the reply cap (agent.max_reply_chars,
 *    default 200,000) and, with the cap out of the way, at the total deadline (llm.timeout_s = 2 s),
 *    as a ratio of that deadline; characters the client received either way.
 * 3. Start-up check of memories.db at 100,000 memories: PRAGMA quick_check and integrity_check,
 *    against opening the file without a check.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import WebSocket from 'ws';
import { createApp } from '../dist/app/create-app.js';
import { createMemoryStore } from '../dist/memory/store.js';
import { startServer } from '../dist/server/start-server.js';
import { openDatabase } from '../dist/store/database.js';
import { loadFakeLlm } from './load-fake-llm.mjs';

const FRAMES = Number(process.argv[2] ?? 120_000);
const MEMORIES = 100_000;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const heap = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();

async function startBox(config) {
  const home = mkdtempSync(join(tmpdir(), 'aibox-bench-hardening-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      lang: 'en',
      llm: {
        provider: 'custom',
        base_url: llm.baseUrl,
        model: 'bench',
        api_key_env: '',
        max_retries: 0,
        ...config.llm,
      },
      skills: { watch: false, install_examples: false },
      scheduler: { enabled: false },
      ...(config.agent ? { agent: config.agent } : {}),
      ...(config.server ? { server: config.server } : {}),
    }),
  );
  const app = await createApp({
    home,
    env: { HOME: home },
    consoleLevel: 'silent',
    watchSkills: false,
    scheduler: false,
  });
  const server = await startServer(app, { host: '127.0.0.1', port: 0, heartbeatMs: 0 });
  return {
    app,
    url: server.url.replace(/^http/, 'ws'),
    async close() {
      await server.close();
      await app.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A connected client that has seen its welcome; `next(match)` resolves with the next matching frame. */
function client(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/?session=bench`, ['aibox.v1']);
    const waiters = new Set();
    let chars = 0;
    ws.on('error', reject);
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'chunk') chars += frame.content.length;
      for (const w of [...waiters]) {
        if (!w.match(frame)) continue;
        waiters.delete(w);
        w.resolve(frame);
      }
    });
    const next = (match) => new Promise((r) => waiters.add({ match, resolve: r }));
    next((f) => f.type === 'history').then(() => resolve({ ws, next, chars: () => chars }));
  });
}

// 1. Unknown-session flood: bounded (default max_sessions) against practically unbounded (100,000).
async function flood(maxSessions) {
  const box = await startBox({ server: { max_sessions: maxSessions } });
  const c = await client(box.url);
  const heapBefore = heap();
  const t0 = performance.now();
  for (let i = 0; i < FRAMES; i++) {
    c.ws.send(JSON.stringify({ type: 'abort', session: `ghost-${i}` }));
    if (c.ws.bufferedAmount > 1 << 20) await new Promise((r) => setTimeout(r, 1));
  }
  c.ws.send(JSON.stringify({ type: 'ping' }));
  await c.next((f) => f.type === 'pong');
  const ms = performance.now() - t0;
  const held = box.app.sessions.ids().length;
  const growth = heap() - heapBefore;
  c.ws.close();
  await box.close();
  return { held, growth, ms };
}
console.log(`unknown-session flood (${FRAMES.toLocaleString()} abort frames naming new sessions):`);
const unbounded = await flood(100_000);
const bounded = await flood(200);
for (const [label, r] of [
  ['max_sessions 100,000 (baseline)', unbounded],
  ['max_sessions 200 (default)     ', bounded],
]) {
  console.log(
    `  ${label}: ${r.held.toLocaleString()} sessions held, heap +${mb(r.growth)}, ${(r.ms / 1000).toFixed(1)} s`,
  );
}
console.log(`  heap growth bounded/baseline: ${(bounded.growth / unbounded.growth).toFixed(3)}`);

// 2. Endless model reply.
async function endless(label, config, deadlineMs) {
  const box = await startBox(config);
  const c = await client(box.url);
  llm.script({ endless: 'content' });
  const t0 = performance.now();
  c.ws.send(JSON.stringify({ type: 'message', content: 'go on forever' }));
  const error = await c.next((f) => f.type === 'error');
  const ms = performance.now() - t0;
  const ratio = deadlineMs ? `, ${(ms / deadlineMs).toFixed(2)}x the deadline` : '';
  console.log(
    `  ${label}: ended after ${(ms / 1000).toFixed(2)} s${ratio}, ${c.chars().toLocaleString()} chars streamed, code ${error.code}`,
  );
  c.ws.close();
  await box.close();
}
console.log('endless model reply:');
await endless('reply cap 200,000 chars (default)', {}, 0);
await endless(
  'deadline llm.timeout_s = 2',
  { llm: { timeout_s: 2 }, agent: { max_reply_chars: 1_000_000_000 } },
  2000,
);

// 3. Integrity check at open.
{
  const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-dbcheck-'));
  const path = join(dir, 'memories.db');
  const db = await openDatabase(path);
  const store = createMemoryStore({ db, clock: { now: () => new Date() } });
  db.transaction(() => {
    for (let i = 0; i < MEMORIES; i++) {
      store.save({
        summary: `记录 ${i}：项目进度讨论 meeting notes number ${i}`,
        content: `${'今天讨论了数据库迁移和备份计划，'.repeat(3)} details ${i} ${'lorem ipsum '.repeat(10)}`,
      });
    }
  })();
  db.close();
  const time = (fn) => {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      fn();
      runs.push(performance.now() - t0);
    }
    return runs.sort((a, b) => a - b)[1];
  };
  const openOnly = time(() => {
    const d = new BetterSqlite3(path);
    d.pragma('journal_mode = WAL');
    d.close();
  });
  const check = (pragma) =>
    time(() => {
      const d = new BetterSqlite3(path);
      d.pragma(pragma);
      d.close();
    });
  const quick = check('quick_check');
  const full = check('integrity_check');
  console.log(`memories.db check at open (${MEMORIES.toLocaleString()} memories, median of 3):`);
  console.log(`  open only:        ${openOnly.toFixed(1)} ms (baseline)`);
  console.log(`  quick_check:      ${quick.toFixed(1)} ms (${(quick / openOnly).toFixed(1)}x)`);
  console.log(`  integrity_check:  ${full.toFixed(1)} ms (${(full / openOnly).toFixed(1)}x)`);
  rmSync(dir, { recursive: true, force: true });
}

await llm.close();
