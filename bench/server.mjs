/**
 * Server benchmark (run after `npm run build`): node bench/server.mjs [clients]
 *
 * 1. Idle RSS of a real `aibox serve` process with 200 skills loaded (160 Markdown, 40
 *    executables), against the floor of a bare Node process measured in the same run.
 * 2. Start to accepting connections (spawn → first WebSocket `history` frame): the first start
 *    on a fresh home (every executable probed, defaults written) vs later starts on the same
 *    home (warm OS cache, and the skills cache file `.skills-cache.json` warm, so no probe runs;
 *    median of 3), with `aibox --version` (process start + module loading) as baseline.
 * 3. Fan-out: one streamed answer of 2,000 chunks to 1 client vs N clients (default 50) of the
 *    same session, clients in this process, server in its own: added latency per chunk and
 *    chunks delivered per second.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connect, cpuMs, makeSkillsHome, rssKb, startServe, stopServe } from './_aibox-process.mjs';
import { loadFakeLlm } from './load-fake-llm.mjs';

const CLIENTS = Number(process.argv[2] ?? 50);
const CHUNKS = 2000;
const CLI = resolve(import.meta.dirname, '../dist/cli/main.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();
const home = makeSkillsHome(llm.baseUrl, 'aibox-bench-server-');
const env = { ...process.env, AIBOX_HOME: home, BENCH_KEY: 'sk-bench', AIBOX_LANG: 'en' };

// Baselines.
const versionTimes = [];
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  spawnSync(process.execPath, [CLI, '--version'], { env });
  versionTimes.push(performance.now() - t0);
}
const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
await new Promise((r) => setTimeout(r, 500));
const bareRss = rssKb(bare.pid);
bare.kill();

const first = await startServe(CLI, env);
await stopServe(first.child);
const cached = JSON.parse(readFileSync(join(home, '.skills-cache.json'), 'utf8'));
const storedProbes = Object.keys(cached.probes).length;
if (storedProbes !== 40) throw new Error(`skills cache file holds ${storedProbes} probes, expected 40`);
const warmTimes = [];
let second;
for (let i = 0; i < 3; i++) {
  if (second) await stopServe(second.child);
  second = await startServe(CLI, env);
  warmTimes.push(second.ms);
}
await new Promise((r) => setTimeout(r, 2000)); // idle
const idleRss = rssKb(second.child.pid);

console.log('Server: idle memory and start-up (200 skills: 160 Markdown, 40 executables)');
console.log(
  `  idle RSS of aibox serve:              ${mb(idleRss)}   (bare node process: ${mb(bareRss)}; target < 80 MB)`,
);
console.log(`  start → accepting, fresh home:        ${first.ms.toFixed(0)} ms`);
console.log(
  `  start → accepting, warm start:        ${median(warmTimes).toFixed(0)} ms   (median of ${warmTimes.map((t) => t.toFixed(0)).join(', ')}; ${storedProbes} probes cached; target < 1 s)`,
);
console.log(
  `  baseline: aibox --version (median):   ${median(versionTimes).toFixed(0)} ms  → server's own start-up ≈ ${(median(warmTimes) - median(versionTimes)).toFixed(0)} ms`,
);

// Fan-out.
let turns = 0;
async function turn(clients) {
  const session = `fan-${++turns}`; // a fresh conversation each time: no compression in the way
  const sockets = await Promise.all(Array.from({ length: clients }, () => connect(second.url, session)));
  llm.script({ text: 'abcdefghij'.repeat(CHUNKS), chunkChars: 10 });
  const t0 = performance.now();
  const done = sockets.map(
    (ws) =>
      new Promise((r) => {
        let chunks = 0;
        ws.on('message', (data) => {
          const f = JSON.parse(data.toString());
          if (f.type === 'chunk') chunks++;
          if (f.type === 'error') console.log(`  turn failed: ${f.content}`);
          if (f.type === 'complete' || f.type === 'error') r(chunks);
        });
      }),
  );
  const cpu0 = cpuMs(second.child.pid);
  sockets[0].send(JSON.stringify({ type: 'message', content: 'stream please' }));
  const counts = await Promise.all(done);
  const ms = performance.now() - t0;
  cpu.push({ clients, ms: cpuMs(second.child.pid) - cpu0 });
  for (const ws of sockets) ws.close();
  if (counts.some((c) => c !== CHUNKS)) throw new Error(`lost chunks: ${counts.join(',')}`);
  return ms;
}
const cpu = [];
const one = [];
const many = [];
for (let rep = 0; rep < 3; rep++) {
  one.push(await turn(1));
  many.push(await turn(CLIENTS));
}
const t1 = median(one);
const tn = median(many);
console.log(`Server: fan-out of one streamed answer (${CHUNKS} chunks), median of 3`);
console.log(`  1 client:   ${t1.toFixed(0)} ms   (${((CHUNKS / t1) * 1000).toFixed(0)} chunks/s)`);
console.log(
  `  ${CLIENTS} clients: ${tn.toFixed(0)} ms   (${(((CHUNKS * CLIENTS) / tn) * 1000).toFixed(0)} chunk deliveries/s)`,
);
console.log(
  `  added latency per chunk with ${CLIENTS} clients: ${(((tn - t1) / CHUNKS) * 1000).toFixed(1)} µs  (ratio ${(tn / t1).toFixed(2)}×)`,
);

const serverCpu = (n) => median(cpu.filter((c) => c.clients === n).map((c) => c.ms));
const c1 = serverCpu(1);
const cn = serverCpu(CLIENTS);
console.log(
  `  server CPU for the turn: 1 client ${c1.toFixed(0)} ms, ${CLIENTS} clients ${cn.toFixed(0)} ms → ${(((cn - c1) / (CHUNKS * (CLIENTS - 1))) * 1000).toFixed(1)} µs per extra client per chunk`,
);

const shutdown = await stopServe(second.child);
console.log(`  SIGTERM → exit ${shutdown.code} in ${shutdown.ms.toFixed(0)} ms`);
await llm.close();
rmSync(home, { recursive: true, force: true });
