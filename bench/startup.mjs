/**
 * Start-up benchmark: what a person waits for, this checkout's dist/ against a baseline build
 * of another commit (default `main`), measured in the same run, interleaved.
 *
 *   node bench/startup.mjs [--baseline <git ref>] [--runs N]
 *
 * The baseline commit is exported with `git archive` into a temp dir, given this checkout's
 * node_modules (a symlink) and built with its own `npm run build`. Each build gets its own home
 * with 200 skills (160 Markdown, 40 executables) and 2,000 memories. Measured: wall time of
 * `aibox --version`, `aibox skills search` (an English and a Chinese query), `aibox memory search`
 * (median of N runs, with `node -e 0` as the floor), `aibox serve` warm start → first `history`
 * frame (median of 5, after one start that filled the skills cache), idle RSS of that server (2 s
 * after it), the first and second HTTP request to it (the HTTP routes load on the first one), and
 * the server's CPU for the first and second client frame (`ping`: the frame parser loads on the
 * first) and the first and second turn (a reply of the fake LLM: the tools, the agent loop and the
 * model client load on the first).
 * With GNU time (/usr/bin/time) the commands' CPU time is shown too: on a shared machine it varies
 * less than wall.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  buildBaseline,
  connect,
  cpuMs,
  makeSkillsHome,
  rssKb,
  startServe,
  stopServe,
} from './_aibox-process.mjs';
import { loadFakeLlm } from './load-fake-llm.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const BASELINE = option('--baseline', 'main');
const RUNS = Number(option('--runs', '7'));
const here = resolve(import.meta.dirname, '..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A home for one build, its memories written through that build's own store. */
async function prepareHome(root) {
  const home = makeSkillsHome(llm.baseUrl, 'aibox-bench-startup-');
  const { openDatabase } = await import(pathToFileURL(join(root, 'dist/store/database.js')).href);
  const { createMemoryStore } = await import(pathToFileURL(join(root, 'dist/memory/store.js')).href);
  const db = await openDatabase(join(home, 'memories.db'));
  const memories = createMemoryStore({ db });
  for (let i = 0; i < 2000; i++)
    memories.save({
      summary: i % 10 === 0 ? `提醒喝水 ${i}` : `note ${i} about the garden`,
      importance: 1 + (i % 5),
    });
  db.close();
  return home;
}

/** GNU time reports the child's CPU time, the steadier figure on a machine shared with others. */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One run: wall ms, and CPU ms (user + system) when GNU time is there. */
function run(argv, env) {
  const [cmd, args] = GNU_TIME
    ? [GNU_TIME, ['-f', 'cpu %U %S', process.execPath, ...argv]]
    : [process.execPath, argv];
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env, encoding: 'utf8' });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  const m = /cpu (\d+\.\d+) (\d+\.\d+)\s*$/.exec(r.stderr);
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : Number.NaN };
}

const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();
const baseRoot = buildBaseline(BASELINE);
const variants = [
  { name: `baseline (${BASELINE})`, root: baseRoot },
  { name: 'this checkout', root: here },
];
for (const v of variants) {
  v.cli = join(v.root, 'dist/cli/main.js');
  v.home = await prepareHome(v.root);
  v.env = { ...process.env, AIBOX_HOME: v.home, BENCH_KEY: 'sk-bench', AIBOX_LANG: 'en' };
}

const COMMANDS = {
  'node -e 0 (floor)': () => ['-e', '0'],
  'aibox --version': (v) => [v.cli, '--version'],
  'aibox skills search': (v) => [v.cli, 'skills', 'search', 'greeting'],
  'aibox skills search, Chinese query': (v) => [v.cli, 'skills', 'search', '指南'],
  'aibox memory search': (v) => [v.cli, 'memory', 'search', '喝水'],
};
const times = new Map();
for (let round = 0; round < RUNS; round++) {
  for (const [label, argv] of Object.entries(COMMANDS)) {
    // Alternate which build goes first, so neither always gets the warmer cache.
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const key = `${label}|${v.name}`;
      times.set(key, [...(times.get(key) ?? []), run(argv(v), v.env)]);
    }
  }
}

const serve = new Map();
for (const v of variants) {
  const first = await startServe(v.cli, v.env);
  await stopServe(first.child);
  const warm = [];
  let last;
  for (let i = 0; i < 5; i++) {
    if (last) await stopServe(last.child);
    last = await startServe(v.cli, v.env);
    warm.push(last);
  }
  await new Promise((r) => setTimeout(r, 2000)); // idle
  const rss = rssKb(last.child.pid) / 1024;
  serve.set(v.name, {
    warm: median(warm.map((s) => s.ms)),
    cpu: median(warm.map((s) => s.cpu)),
    rss,
    firstHttp: await httpRequestCost(last),
    secondHttp: await httpRequestCost(last),
    ...(await frameCosts(last)),
  });
  await stopServe(last.child);
}

/** Wall ms of one GET /healthz and the server's CPU ms for it (the first one loads the HTTP routes lazily). */
async function httpRequestCost(server) {
  const cpu0 = cpuMs(server.child.pid);
  const t0 = performance.now();
  const response = await fetch(`${server.url.replace('ws:', 'http:')}/healthz`);
  if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
  await response.arrayBuffer();
  return { ms: performance.now() - t0, cpu: cpuMs(server.child.pid) - cpu0 };
}

/** The server's CPU ms for one exchange on an open socket: sends `frame`, waits for a frame of type `until`. */
async function exchangeCost(server, ws, frame, until) {
  const cpu0 = cpuMs(server.child.pid);
  const answered = new Promise((resolveAnswer) => {
    ws.on('message', function seen(data) {
      if (JSON.parse(data.toString()).type !== until) return;
      ws.off('message', seen);
      resolveAnswer();
    });
  });
  ws.send(JSON.stringify(frame));
  await answered;
  return cpuMs(server.child.pid) - cpu0;
}

/** First and second `ping` (the frame parser loads on the first), first and second turn (tools, agent, model client). */
async function frameCosts(server) {
  const ws = await connect(server.url);
  const costs = {
    firstPing: await exchangeCost(server, ws, { type: 'ping' }, 'pong'),
    secondPing: await exchangeCost(server, ws, { type: 'ping' }, 'pong'),
    firstTurn: await exchangeCost(server, ws, { type: 'message', content: 'hello' }, 'complete'),
    secondTurn: await exchangeCost(server, ws, { type: 'message', content: 'again' }, 'complete'),
  };
  ws.close();
  return costs;
}

const [base, mine] = variants;
const row = (label, a, b, unit) =>
  console.log(
    `  ${label.padEnd(38)} ${`${a.toFixed(unit === 'MB' ? 1 : 0)} ${unit}`.padStart(10)} ${`${b.toFixed(unit === 'MB' ? 1 : 0)} ${unit}`.padStart(10)}   ×${(a / b).toFixed(2)}`,
  );
const figure = (label, v, what) => median(times.get(`${label}|${v.name}`).map((t) => t[what]));
console.log(`Start-up, median of ${RUNS} runs. Columns: ${base.name}, ${mine.name}, ratio baseline/this`);
for (const label of Object.keys(COMMANDS))
  row(`${label}, wall`, figure(label, base, 'wall'), figure(label, mine, 'wall'), 'ms');
if (GNU_TIME)
  for (const label of Object.keys(COMMANDS))
    row(`${label}, CPU`, figure(label, base, 'cpu'), figure(label, mine, 'cpu'), 'ms');
row('serve warm start → history, wall', serve.get(base.name).warm, serve.get(mine.name).warm, 'ms');
row('serve warm start → history, CPU', serve.get(base.name).cpu, serve.get(mine.name).cpu, 'ms');
row('serve idle RSS, 200 skills', serve.get(base.name).rss, serve.get(mine.name).rss, 'MB');
for (const which of ['firstHttp', 'secondHttp'])
  for (const what of ['ms', 'cpu'])
    row(
      `${which === 'firstHttp' ? 'first' : 'second'} GET /healthz, ${what === 'ms' ? 'wall' : 'server CPU'}`,
      serve.get(base.name)[which][what],
      serve.get(mine.name)[which][what],
      'ms',
    );

for (const [key, label] of [
  ['firstPing', 'first `ping` frame, server CPU'],
  ['secondPing', 'second `ping` frame, server CPU'],
  ['firstTurn', 'first turn (fake LLM), server CPU'],
  ['secondTurn', 'second turn, server CPU'],
])
  row(label, serve.get(base.name)[key], serve.get(mine.name)[key], 'ms');

await llm.close();
for (const v of variants) rmSync(v.home, { recursive: true, force: true });
rmSync(baseRoot, { recursive: true, force: true });
