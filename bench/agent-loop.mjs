/**
 * Agent loop benchmark (run after `npm run build`):
 *   node --expose-gc bench/agent-loop.mjs [turns]
 *
 * 1. Overhead per model round: turns of two rounds (a tool call, then a text answer) through
 *    `runTurn` against the fake LLM server, versus the baseline: the raw `openai` SDK streaming
 *    exactly the same request bodies (replayed from what the loop sent) from the same server,
 *    interleaved in the same run. The difference is the loop's own time (provider wrapper,
 *    events, schema conversion, argument validation, history), not the model's.
 * 2. A 1,000-message conversation: heap held by the history, its serialised request size,
 *    the time to build and serialise one request, and one round's overhead with that history.
 */
import { spawnSync } from 'node:child_process';
import OpenAI from 'openai';
import { z } from 'zod';
import { runTurn } from '../dist/agent/run-turn.js';
import { LlmConfigSchema } from '../dist/config/schema.js';
import { createProvider } from '../dist/providers/create-provider.js';
import { buildRequestBody } from '../dist/providers/request-body.js';
import { resolveLlmSettings } from '../dist/providers/resolve-settings.js';
import { loadFakeLlm } from './load-fake-llm.mjs';

if (typeof globalThis.gc !== 'function') {
  const child = spawnSync(process.execPath, ['--expose-gc', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}

const TURNS = Number(process.argv[2] ?? 300);
const WARMUP = 30;
const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm({
  fallback: (request) => {
    const last = request.body.messages.at(-1);
    return last.role === 'tool'
      ? { text: 'The echo tool answered; here is a short final answer for you.', chunkChars: 8 }
      : {
          text: 'Let me check.',
          toolCalls: [{ name: 'echo', arguments: { text: 'benchmark input' } }],
          chunkChars: 8,
        };
  },
});

const env = { BENCH_KEY: 'sk-bench' };
const llmConfig = LlmConfigSchema.parse({
  provider: 'custom',
  base_url: llm.baseUrl,
  model: 'bench',
  api_key_env: 'BENCH_KEY',
  max_retries: 0,
});
const provider = createProvider(llmConfig, { env, lang: 'en' });
const raw = new OpenAI({ baseURL: llm.baseUrl, apiKey: 'sk-bench', maxRetries: 0 });
const echo = {
  name: 'echo',
  description: 'Echo the text back',
  parameters: z.strictObject({ text: z.string() }),
  execute: async (args) => ({ ok: true, content: `echo: ${args.text}` }),
};
const signal = new AbortController().signal;
const baseHistory = [
  { role: 'system', content: 'You are a benchmark.' },
  { role: 'user', content: 'Echo something.' },
];

async function loopTurn(messages) {
  const before = llm.requests.length;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await runTurn({
    turnId: 't',
    sessionId: 's',
    lang: 'en',
    provider,
    tools: [echo],
    messages,
    maxRounds: 5,
    signal,
    emit: () => {},
  });
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  if (result.status !== 'complete') throw new Error(`turn failed: ${result.message}`);
  return {
    ms,
    cpuMs,
    bodies: llm.requests.slice(before).map((r) => r.body),
    rounds: llm.requests.length - before,
  };
}

function cpuMsSince(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

async function rawRounds(bodies) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const body of bodies) {
    const stream = await raw.chat.completions.create(body);
    for await (const _chunk of stream) {
      // consume like any client would
    }
  }
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
}

/** Interleaves loop turns and their raw replays (alternating which goes first); medians resist noise. */
async function compare(messages, turns) {
  const loopPerRound = [];
  const rawPerRound = [];
  const loopCpu = [];
  const rawCpu = [];
  let rounds = 0;
  for (let i = 0; i < turns + WARMUP; i++) {
    let turn;
    let baseline;
    if (i % 2 === 0) {
      turn = await loopTurn(messages);
      baseline = await rawRounds(turn.bodies);
    } else {
      // Replay the previous turn's bodies first: the script answers the same way every turn.
      baseline = await rawRounds(lastBodies);
      turn = await loopTurn(messages);
    }
    lastBodies = turn.bodies;
    llm.requests.length = 0; // keep the recorder from growing
    if (i < WARMUP) continue;
    loopPerRound.push(turn.ms / turn.rounds);
    rawPerRound.push(baseline.ms / turn.rounds);
    loopCpu.push(turn.cpuMs / turn.rounds);
    rawCpu.push(baseline.cpuMs / turn.rounds);
    rounds += turn.rounds;
  }
  return {
    loop: median(loopPerRound),
    raw: median(rawPerRound),
    loopCpu: median(loopCpu),
    rawCpu: median(rawCpu),
    rounds,
  };
}
let lastBodies = [];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const fmt = (n, digits = 3) => n.toFixed(digits);
const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;

function report(label, { loop, raw, loopCpu, rawCpu, rounds }) {
  console.log(
    `${label}: ${rounds} model rounds (medians per round; CPU includes the in-process fake server)`,
  );
  console.log(`  loop (runTurn)       wall ${fmt(loop)} ms   CPU ${fmt(loopCpu)} ms`);
  console.log(`  baseline (raw SDK)   wall ${fmt(raw)} ms   CPU ${fmt(rawCpu)} ms`);
  console.log(
    `  loop overhead        wall ${fmt(loop - raw)} ms (${fmt(loop / raw, 2)}x)   CPU ${fmt(loopCpu - rawCpu)} ms (${fmt(loopCpu / rawCpu, 2)}x)`,
  );
}

console.log(
  `Agent loop benchmark, Node ${process.version}, ${TURNS} turns × 2 rounds (+${WARMUP} warm-up turns)\n`,
);
report('Short history', await compare(baseHistory, TURNS));

// --- A 1,000-message conversation ---------------------------------------------------------
function conversation(count) {
  const messages = [{ role: 'system', content: 'You are a benchmark. '.repeat(20) }];
  for (let i = 0; messages.length < count - 1; i++) {
    messages.push({ role: 'user', content: `Question ${i}: ${'please look this up '.repeat(5)}` });
    const id = `call_${i}`;
    messages.push({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id, type: 'function', function: { name: 'echo', arguments: JSON.stringify({ text: `q${i}` }) } },
      ],
    });
    const lines = Array.from({ length: 40 }, (_, k) => `result line ${i}.${k}`);
    messages.push({ role: 'tool', tool_call_id: id, content: lines.join('\n') });
    messages.push({
      role: 'assistant',
      content: `Answer ${i}: ${'a reasonably long sentence. '.repeat(12)}`,
    });
  }
  messages.length = Math.min(messages.length, count - 1);
  messages.push({ role: 'user', content: 'Echo something.' });
  // Round-trip through JSON so every string is flat and distinct, as when loaded from SQLite.
  return JSON.parse(JSON.stringify(messages));
}

/** Heap after two full collections (the second catches what the first's finalisers released). */
function settledHeap() {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
// Hold several copies so the figure per conversation is not lost in unrelated heap movement.
const COPIES = 10;
const heapBefore = settledHeap();
const copies = Array.from({ length: COPIES }, () => conversation(1000));
const heldBytes = (settledHeap() - heapBefore) / COPIES;
let big = copies[0];
copies.length = 1;
const settings = resolveLlmSettings(llmConfig, { env });
const serialiseRuns = 50;
let json = '';
const serialiseStart = performance.now();
for (let i = 0; i < serialiseRuns; i++)
  json = JSON.stringify(buildRequestBody({ messages: big }, settings, true));
const serialiseMs = (performance.now() - serialiseStart) / serialiseRuns;
const jsonBytes = Buffer.byteLength(json);
const heapWithJson = settledHeap() - heapBefore;

console.log(`\n1,000-message conversation (${big.length} messages)`);
console.log(
  `  heap held by the history        ${mb(heldBytes)}  (${fmt(heldBytes / big.length / 1024, 2)} KB/message)`,
);
console.log(
  `  serialised request body         ${mb(jsonBytes)}  (heap/JSON ratio ${fmt(heldBytes / jsonBytes, 2)}x)`,
);
console.log(`  heap with one serialised copy   ${mb(heapWithJson)}`);
console.log(`  build + serialise one request   ${fmt(serialiseMs)} ms`);
report('\nRounds with the 1,000-message history', await compare(big, Math.max(30, Math.floor(TURNS / 3))));
big = undefined;

await llm.close();
