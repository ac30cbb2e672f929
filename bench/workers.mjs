/**
 * Worker benchmark (run after `npm run build`): node bench/workers.mjs [runs=200]
 *
 * 1. calculator: a simple expression through the tool (evaluated in its worker, warm) against the
 *    same locked-down mathjs evaluate inline on the main thread (the baseline, same run).
 * 2. web: reading a realistic article page (title, links, Markdown) in the web worker against
 *    `readPage` inline on the main thread (the baseline, same run).
 * 3. A real `aibox serve`: idle RSS after start and after a turn without tools (the baseline: the
 *    model SDK is loaded then), with both workers alive, and after they exited idle; /healthz latency at idle (baseline) and while a calculator call
 *    runs into its time limit. `AIBOX_BENCH_CLI=/path/to/dist/cli/main.js` measures another build.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { spawnServe } from './_aibox-process.mjs';
import { fakeLlmBoxConfig, toolContext } from './_fixtures.mjs';
import { loadFakeLlm } from './load-fake-llm.mjs';

const RUNS = Number(process.argv[2] ?? 200);
const dist = resolve(import.meta.dirname, '../dist');
const CLI = process.env.AIBOX_BENCH_CLI ?? join(dist, 'cli/main.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(2)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const ctx = toolContext;

async function timeEach(runs, body) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await body(i);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** A news-style article page: head with styles and scripts, navigation, the article, a sidebar, a footer. */
function articlePage() {
  const nav = Array.from({ length: 60 }, (_, i) => `<li><a href="/section/${i}">栏目 ${i}</a></li>`).join('');
  const paragraphs = Array.from(
    { length: 60 },
    (_, i) =>
      `<p>第 ${i} 段：人工智能盒子在本地运行，保护隐私。The box runs on a small board and answers over WebSocket; see <a href="/doc/${i}">doc ${i}</a> and <strong>note ${i}</strong>. ${'这是一段较长的正文内容，用来模拟真实新闻网页的篇幅。'.repeat(3)}</p>`,
  ).join('\n');
  const table = `<table><tr><th>型号</th><th>内存</th></tr>${Array.from({ length: 20 }, (_, i) => `<tr><td>Board ${i}</td><td>${i + 1} GB</td></tr>`).join('')}</table>`;
  const sidebar = Array.from(
    { length: 40 },
    (_, i) =>
      `<div class="card"><a href="https://example.org/related/${i}">相关文章 ${i}</a><span>${i} 分钟前</span></div>`,
  ).join('');
  return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>人工智能盒子：在小板子上运行的助手</title>
<style>${'.c{color:red}'.repeat(400)}</style><script>${'var x = 1;'.repeat(800)}</script></head>
<body><header><nav><ul>${nav}</ul></nav></header><main><article><h1>人工智能盒子</h1><p class="byline">记者 张三</p>
${paragraphs}${table}<ul>${'<li>要点</li>'.repeat(20)}</ul></article><aside>${sidebar}</aside></main>
<footer>${Array.from({ length: 30 }, (_, i) => `<a href="/footer/${i}">链接 ${i}</a>`).join(' ')}</footer></body></html>`;
}

// 1. Calculator.
const { createLimitedEvaluate } = await import(`${dist}/tools/calculator/calculator-engine.js`);
const { createCalculatorPool, createCalculatorTool } = await import(`${dist}/tools/calculator/calculator.js`);
const expression = '2^10 / 4 + sqrt(2) * sin(pi / 4)';
let t0 = performance.now();
const evaluate = createLimitedEvaluate();
evaluate(expression);
const inlineFirst = performance.now() - t0;
const calcPool = createCalculatorPool();
const calculator = createCalculatorTool({ lang: 'en', pool: calcPool });
t0 = performance.now();
await calculator.execute({ expression }, ctx);
const workerFirst = performance.now() - t0;
const calcInline = await timeEach(RUNS, () => evaluate(expression));
const calcWorker = await timeEach(RUNS, () => calculator.execute({ expression }, ctx));
await calcPool.close();
console.log(`calculator, "${expression}", median of ${RUNS}`);
console.log(`  inline on the main thread (baseline): ${ms(calcInline)} per call`);
console.log(
  `  in the worker, through the tool:      ${ms(calcWorker)} per call  (${(calcWorker / calcInline).toFixed(1)}×; +${ms(calcWorker - calcInline)})`,
);
console.log(
  `  first call, loading mathjs: inline ${ms(inlineFirst)}, worker start + load ${ms(workerFirst)}`,
);

// 2. Web extraction.
const { readPage } = await import(`${dist}/tools/web/web-extract.js`);
const { createWebPool } = await import(`${dist}/tools/web/web.js`);
const html = articlePage();
const request = {
  html,
  url: 'https://news.example.com/2026/aibox.html',
  title: true,
  links: true,
  markdown: true,
};
const webRuns = Math.max(5, Math.round(RUNS / 10));
readPage(request); // modules loaded and warm on both sides
const webPool = createWebPool();
await webPool.run('read', request, { timeoutMs: 60_000 });
const webInline = await timeEach(webRuns, () => readPage(request));
const webWorker = await timeEach(webRuns, () => webPool.run('read', request, { timeoutMs: 60_000 }));
await webPool.close();
console.log(
  `web: reading a ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB article page (title, links, Markdown), median of ${webRuns}`,
);
console.log(`  inline on the main thread (baseline): ${ms(webInline)}`);
console.log(
  `  in the worker:                        ${ms(webWorker)}  (${(webWorker / webInline).toFixed(2)}×; +${ms(webWorker - webInline)})`,
);

// 3. A real server.
const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();
const page = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
});
await new Promise((r) => page.listen(0, '127.0.0.1', r));
const pageUrl = `http://127.0.0.1:${page.address().port}/article`;
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-workers-'));
mkdirSync(join(home, 'skills'));
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify(fakeLlmBoxConfig(llm, { safety: { web_allow_hosts: ['127.0.0.1'] } })),
);
const { child: server, port } = await spawnServe(CLI, {
  ...process.env,
  AIBOX_HOME: home,
  BENCH_KEY: 'sk-bench',
  AIBOX_LANG: 'en',
});
const status = (field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1]);
const sleep = (t) => new Promise((r) => setTimeout(r, t));

/** Milliseconds /healthz took to answer (the whole wait, also when it failed). */
async function healthMs() {
  const start = performance.now();
  try {
    await (await fetch(`http://127.0.0.1:${port}/healthz`)).text();
  } catch {
    failedProbes += 1;
  }
  return performance.now() - start;
}
let failedProbes = 0;

/** Runs one turn whose model asks for `toolCalls`, probing /healthz every 50 ms meanwhile. */
async function turn(toolCalls) {
  if (toolCalls.length > 0) llm.script({ toolCalls }, { text: 'done' });
  else llm.script({ text: 'done' });
  const ws = new WebSocket(`ws://127.0.0.1:${port}/?session=bench-${Date.now()}`);
  await new Promise((r) => ws.once('open', r));
  const probes = [];
  let running = true;
  const done = new Promise((r) =>
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'complete' || frame.type === 'error') r(frame);
    }),
  );
  const start = performance.now();
  ws.send(JSON.stringify({ type: 'message', content: 'go' }));
  const probing = (async () => {
    while (running) {
      probes.push(await healthMs());
      await sleep(50);
    }
  })();
  await done;
  const turnMs = performance.now() - start;
  running = false;
  await probing;
  ws.close();
  return { turnMs, maxHealth: Math.max(...probes), probes: probes.length };
}

await sleep(3000);
const freshRss = status('VmRSS');
// A turn without tools first: it loads the model SDK and the turn machinery, which stay either way.
await turn([]);
await sleep(3000);
const idleRss = status('VmRSS');
const idleThreads = status('Threads');
const idleHealth = [];
for (let i = 0; i < 20; i++) idleHealth.push(await healthMs());
const heavy = await turn([
  { name: 'calculator', arguments: { expression: 'ones(1000,1000)*ones(1000,1000)' } },
]);
await turn([
  { name: 'calculator', arguments: { expression: '2+2' } },
  { name: 'web', arguments: { action: 'text', url: pageUrl } },
]);
await sleep(1000);
const busyRss = status('VmRSS');
const busyThreads = status('Threads');
await sleep(35_000); // the pools' idle exit is 30 s
const afterRss = status('VmRSS');
const afterThreads = status('Threads');
console.log(`server (${CLI})`);
console.log(
  `  /healthz at idle (baseline):          median ${ms(median(idleHealth))}, max ${ms(Math.max(...idleHealth))}`,
);
console.log(
  `  /healthz during ones(1000,1000)*ones(1000,1000): max ${ms(heavy.maxHealth)} over ${heavy.probes} probes (${failedProbes} failed); the turn took ${ms(heavy.turnMs)}`,
);
console.log(`  RSS idle after start:                 ${mb(freshRss)}`);
console.log(`  RSS idle after a turn without tools (baseline): ${mb(idleRss)}  (${idleThreads} threads)`);
console.log(`  RSS with calculator + web workers:    ${mb(busyRss)}  (${busyThreads} threads)`);
console.log(
  `  RSS 35 s later, workers exited idle:  ${mb(afterRss)}  (${afterThreads} threads; ${((afterRss / idleRss - 1) * 100).toFixed(1)} % over idle)`,
);
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await llm.close();
page.close();
rmSync(home, { recursive: true, force: true });
