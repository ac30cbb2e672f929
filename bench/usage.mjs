// The usage ledger at scale: `node bench/usage.mjs [requests]` (after `npm run build`).
// Records N model requests (default 1,000,000) spread over 30 days, 50 sessions, 20 tasks, 4
// channels and 3 models through the real store (batched in transactions of 10,000), then times:
// - the budget check's added time per model round: a turn meter's `beforeRound` + `afterRound`
//   (all four budgets set: the refusal check, the record, the 80 % check) — goal < 1 ms;
// - `aibox usage --days 30` (each --by) in process, and the real command as a child process
//   (Node's start included) — goal < 200 ms;
// - baselines in the same run: the same 30-day report grouped over the request rows themselves
//   (what the per-day sums avoid), and `aibox --version` as a child process (Node's start alone).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../dist/store/database.js';
import { createUsageLedger } from '../dist/usage/ledger.js';
import { createTurnMeter } from '../dist/usage/turn-meter.js';
import { createUsageStore } from '../dist/usage/usage-store.js';

const COUNT = Number(process.argv[2] ?? 1_000_000);
const DAYS = 30;
const ROUNDS = 2000;
const CLI = join(import.meta.dirname, '../dist/cli/main.js');
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-usage-'));

const percentile = (samples, p) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (n) => `${n.toFixed(3)} ms`;

const config = {
  llm: { provider: 'deepseek', model: 'deepseek-chat', prices: {} },
  budget: { daily_tokens: 1e12, monthly_tokens: 1e12, daily_cost: 1e9, monthly_cost: 1e9 },
  scheduler: { timezone: 'Asia/Shanghai' },
};
writeFileSync(join(home, 'config.json'), JSON.stringify({ lang: 'en', ...config }, null, 2));

const db = await openDatabase(join(home, 'memories.db'));
const start = Date.now();
const now = { value: new Date(start - DAYS * 86_400_000) };
const store = createUsageStore({ db, clock: { now: () => now.value }, timeZone: () => 'Asia/Shanghai' });
const fullConfig = { ...config, agent: {}, scheduler: { ...config.scheduler } };
const ledger = createUsageLedger({
  store,
  config: () => fullConfig,
  model: () => 'deepseek-chat',
  presetPrices: () => ({ 'deepseek-chat': { input: 2, cached_input: 0.2, output: 3, currency: 'CNY' } }),
});

let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const CHANNELS = ['web', 'cli', 'telegram', 'v1'];
const MODELS = ['deepseek-chat', 'deepseek-reasoner', 'qwen-plus'];

let t0 = performance.now();
const batch = db.transaction((from, to) => {
  for (let i = from; i < to; i++) {
    // Spread over the last 29 days: all inside the 30 local days of the report.
    now.value = new Date(start - (DAYS - 1) * 86_400_000 + (i / COUNT) * (DAYS - 1) * 86_400_000);
    const task = rand() < 0.3 ? 1 + Math.floor(rand() * 20) : null;
    const prompt = 500 + Math.floor(rand() * 20_000);
    const completion = 20 + Math.floor(rand() * 2000);
    ledger.record(
      {
        session: task ? `task-${task}` : `s${Math.floor(rand() * 50)}`,
        turnId: `turn-${i >> 2}`,
        taskId: task,
        channel: task ? 'task' : CHANNELS[Math.floor(rand() * CHANNELS.length)],
        model: MODELS[Math.floor(rand() * MODELS.length)],
      },
      {
        promptTokens: prompt,
        completionTokens: completion,
        totalTokens: prompt + completion,
        cachedTokens: Math.floor(prompt * rand()),
      },
    );
  }
});
for (let i = 0; i < COUNT; i += 10_000) batch(i, Math.min(COUNT, i + 10_000));
const dayRows = db.prepare('SELECT count(*) AS n FROM usage_days').get().n;
console.log(
  `recorded ${COUNT.toLocaleString('en-US')} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s (${dayRows.toLocaleString('en-US')} per-day rows)`,
);
now.value = new Date(start);

// The budget check per model round, against the full month.
const meter = createTurnMeter(
  ledger,
  { session: 'bench', turnId: 'bench-turn', taskId: null, channel: 'web', model: 'deepseek-chat' },
  { perTurn: 0 },
  'en',
);
const round = {
  usage: { promptTokens: 3000, completionTokens: 200, totalTokens: 3200 },
  messages: [],
  reply: '',
};
const before = [];
const after = [];
for (let i = 0; i < ROUNDS; i++) {
  t0 = performance.now();
  if (meter.beforeRound(i * 3200)) throw new Error('refused');
  const t1 = performance.now();
  meter.afterRound(round);
  const t2 = performance.now();
  before.push(t1 - t0);
  after.push(t2 - t1);
}
const total = before.map((b, i) => b + after[i]);
console.log(
  `budget check per model round (4 budgets): beforeRound p50 ${ms(percentile(before, 50))} p99 ${ms(percentile(before, 99))}; afterRound (record + 80 % check) p50 ${ms(percentile(after, 50))} p99 ${ms(percentile(after, 99))}; together p50 ${ms(percentile(total, 50))} p99 ${ms(percentile(total, 99))} (goal < 1 ms)`,
);

// The 30-day report, in process.
for (const by of ['day', 'session', 'task', 'channel', 'model']) {
  const samples = [];
  for (let i = 0; i < 20; i++) {
    t0 = performance.now();
    const report = store.report({ days: DAYS, by, currency: 'CNY' });
    samples.push(performance.now() - t0);
    if (report.total.requests < COUNT) throw new Error(`report lost requests: ${report.total.requests}`);
  }
  console.log(
    `report --days ${DAYS} --by ${by}: p50 ${ms(percentile(samples, 50))} p99 ${ms(percentile(samples, 99))}`,
  );
}

// Baseline: the same report summed over the request rows.
{
  const from = Date.now() - DAYS * 86_400_000 - 86_400_000;
  const scan = db.prepare(
    'SELECT model, count(*), SUM(prompt_tokens), SUM(completion_tokens), SUM(total_tokens), SUM(cost) FROM usage_requests WHERE at >= ? GROUP BY model',
  );
  const samples = [];
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    scan.all(from);
    samples.push(performance.now() - t0);
  }
  console.log(
    `baseline: the same report over the request rows --by model: p50 ${ms(percentile(samples, 50))}`,
  );
}
db.close();

// The real command, a child process (Node's start and the config check included).
const env = { ...process.env, AIBOX_HOME: home, AIBOX_LANG: 'en' };
for (const name of Object.keys(env)) if (name.startsWith('AIBOX_LLM_')) delete env[name];
const version = [];
for (let i = 0; i < 6; i++) {
  t0 = performance.now();
  spawnSync(process.execPath, [CLI, '--version'], { env });
  version.push(performance.now() - t0);
}
const wall = [];
for (let i = 0; i < 6; i++) {
  t0 = performance.now();
  const run = spawnSync(process.execPath, [CLI, 'usage', '--days', String(DAYS), '--by', 'model', '--json'], {
    env,
    encoding: 'utf8',
  });
  wall.push(performance.now() - t0);
  if (run.status !== 0) throw new Error(`aibox usage failed: ${run.stderr}`);
  if (i === 0) {
    const json = JSON.parse(run.stdout);
    console.log(
      `aibox usage --json: ${json.rows.length} rows, total ${json.total.total_tokens.toLocaleString('en-US')} tokens, ${json.total.cost} ${json.total.currency}`,
    );
  }
}
console.log(
  `aibox usage --days ${DAYS} --by model --json (child process): p50 ${ms(percentile(wall.slice(1), 50))}, first ${ms(wall[0])} (goal < 200 ms); aibox --version in the same run: p50 ${ms(percentile(version.slice(1), 50))}`,
);
rmSync(home, { recursive: true, force: true });
