// Sessions' own costs, against baselines measured in the same run:
// 1. storing one message (the message repository: transaction + seq + read back) vs a bare
//    prepared INSERT in its own transaction, on the same kind of file (WAL, synchronous=NORMAL);
// 2. preparing a turn over a 1,000-message conversation (load live rows from SQLite, map them,
//    check tool pairs, estimate tokens) vs serialising the same history to JSON, which every
//    model request does anyway;
// 3. the system prompt from the prompts directory: cached (the usual turn) vs first read.
// Run after `npm run build`: node bench/conversations.mjs [messages]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toChatMessage } from '../dist/conversations/chat-mapping.js';
import { createConversationRepo } from '../dist/conversations/conversation-repo.js';
import { createMessageRepo } from '../dist/conversations/message-repo.js';
import { createPromptLoader } from '../dist/prompts/prompt-loader.js';
import { estimateTokens } from '../dist/session/token-estimate.js';
import { ensureToolPairs } from '../dist/session/valid-history.js';
import { openDatabase } from '../dist/store/database.js';

const N = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-conv-'));
const at = '2026-11-30T10:00:00+08:00';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

/** user / assistant tool call / tool result (40 lines) / answer, repeating. */
function messageAt(i) {
  const turn = Math.floor(i / 4);
  switch (i % 4) {
    case 0:
      return { role: 'user', content: `question ${turn}: 请帮我看看这个目录里有什么文件`, createdAt: at };
    case 1:
      return {
        role: 'assistant',
        content: null,
        toolCalls: [
          {
            id: `c${turn}`,
            type: 'function',
            function: { name: 'run_command', arguments: '{"command":"ls -la"}' },
          },
        ],
        createdAt: at,
      };
    case 2:
      return {
        role: 'tool',
        content: Array.from({ length: 40 }, (_, k) => `-rw-r--r-- 1 u u ${k * 37} Nov 30 file-${k}.txt`).join(
          '\n',
        ),
        toolCallId: `c${turn}`,
        toolName: 'run_command',
        createdAt: at,
      };
    default:
      return {
        role: 'assistant',
        content: `The directory holds 40 files. 目录里有 40 个文件。 (${turn})`,
        createdAt: at,
      };
  }
}

const db = await openDatabase(join(dir, 'memories.db'));
const conversations = createConversationRepo(db);
const messages = createMessageRepo(db);
db.exec(`CREATE TABLE baseline (id INTEGER PRIMARY KEY, conversation_id TEXT, seq INTEGER, role TEXT, content TEXT,
  tool_calls TEXT, tool_call_id TEXT, tool_name TEXT, created_at TEXT)`);
const rawInsert = db.prepare(
  'INSERT INTO baseline (conversation_id, seq, role, content, tool_calls, tool_call_id, tool_name, created_at) VALUES (?,?,?,?,?,?,?,?)',
);
const rawTx = db.transaction((seq, m) =>
  rawInsert.run(
    'b',
    seq,
    m.role,
    m.content,
    m.toolCalls ? JSON.stringify(m.toolCalls) : null,
    m.toolCallId ?? null,
    m.toolName ?? null,
    m.createdAt,
  ),
);

// 1. Store N messages, interleaving repo and baseline.
conversations.create({ id: 'conv', sessionId: 'main', startedAt: at, topic: 'bench' });
const repoTimes = [];
const rawTimes = [];
for (let i = 0; i < N; i++) {
  const m = messageAt(i);
  const order = i % 2 === 0;
  for (const which of order ? ['repo', 'raw'] : ['raw', 'repo']) {
    const t0 = performance.now();
    if (which === 'repo') messages.append('conv', m);
    else rawTx.immediate(i + 1, m);
    (which === 'repo' ? repoTimes : rawTimes).push(performance.now() - t0);
  }
}
const repoStore = median(repoTimes);
const rawStore = median(rawTimes);

// 2. Prepare a turn over the N-message conversation vs JSON-serialising it.
const prepTimes = [];
const jsonTimes = [];
let history = [];
for (let r = 0; r < 30; r++) {
  let t0 = performance.now();
  const rows = messages.live('conv');
  history = ensureToolPairs(rows.map(toChatMessage), () => 'missing');
  const tokens = estimateTokens(history);
  prepTimes.push(performance.now() - t0);
  if (tokens <= 0) throw new Error('no tokens?');
  t0 = performance.now();
  JSON.stringify({ model: 'm', messages: history, stream: true });
  jsonTimes.push(performance.now() - t0);
}
const prep = median(prepTimes);
const json = median(jsonTimes);
const tokens = estimateTokens(history);

// 3. The system prompt: first read vs cached.
const promptsDir = join(dir, 'prompts');
const firstTimes = [];
const cachedTimes = [];
for (let r = 0; r < 20; r++) {
  const loader = createPromptLoader({
    dir: promptsDir,
    lang: 'zh',
    clock: { now: () => new Date() },
    timeZone: 'Asia/Shanghai',
  });
  let t0 = performance.now();
  await loader.systemPrompt();
  firstTimes.push(performance.now() - t0);
  for (let k = 0; k < 5; k++) {
    t0 = performance.now();
    await loader.systemPrompt();
    cachedTimes.push(performance.now() - t0);
  }
}
db.close();
rmSync(dir, { recursive: true, force: true });

console.log(
  `messages: ${N} (user / assistant tool call / 40-line tool result / answer), estimated ${tokens} tokens`,
);
console.log('| | measured | baseline | ratio |');
console.log('|---|---|---|---|');
console.log(
  `| store one message (median) | ${fmt(repoStore)} | ${fmt(rawStore)} bare INSERT | ${(repoStore / rawStore).toFixed(2)}× |`,
);
console.log(
  `| prepare a turn over ${N} messages (load, map, pair check, estimate) | ${fmt(prep)} | ${fmt(json)} JSON.stringify of the request | ${(prep / json).toFixed(2)}× |`,
);
console.log(
  `| system prompt, cached (usual turn) | ${fmt(median(cachedTimes))} | ${fmt(median(firstTimes))} first read | ${(median(cachedTimes) / median(firstTimes)).toFixed(2)}× |`,
);
