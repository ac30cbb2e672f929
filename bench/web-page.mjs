/**
 * The web page in a real browser (Debian's chromium via playwright-core) against the built server
 * (`dist/`, run `npm run build` first) and the fake LLM:
 *  - page load until the conversation is on screen, with a long history (N turns of Markdown with
 *    code) vs. the same page with an empty history (the baseline, same run, same browser);
 *  - one long streamed answer (chunk frames rendered as Markdown as they arrive) vs. the time the
 *    same frames take to reach a bare WebSocket client in Node (the baseline).
 *
 *   node bench/web-page.mjs [turns=200] [answerChars=20000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { createApp } from '../dist/app/create-app.js';
import { startServer } from '../dist/server/start-server.js';
import { loadFakeLlm } from './load-fake-llm.mjs';

const TURNS = Number(process.argv[2] ?? 200);
const ANSWER_CHARS = Number(process.argv[3] ?? 20_000);
const RUNS = 5;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

const { startFakeLlm } = await loadFakeLlm();
const answer =
  'Here is **one** answer with code:\n\n```python\nfor i in range(3):\n    print(i)\n```\n\n- a\n- b\n';
const llm = await startFakeLlm({ fallback: { text: answer } });
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-web-'));
const KEY = 'AIBOX_BENCH_KEY';
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify({
    llm: { provider: 'custom', base_url: llm.baseUrl, model: 'fake', api_key_env: KEY },
    skills: { watch: false },
    server: { history_messages: 1000 },
  }),
);
const app = await createApp({
  home,
  env: { ...process.env, [KEY]: 'x' },
  consoleLevel: 'silent',
  scheduler: false,
});
const server = await startServer(app, { host: '127.0.0.1', port: 0 });
const browser = await chromium.launch({
  executablePath: process.env.AIBOX_CHROMIUM ?? '/usr/bin/chromium',
  args: ARGS,
});

/** Milliseconds from navigation start until the `history` frame is rendered (`count` answers). */
async function loadTime(count) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
  await page.locator('.chat-scroll[data-history="loaded"]').waitFor();
  const t = await page.evaluate('performance.now()');
  const shown = await page.locator('.msg.assistant').count();
  if (shown !== count) throw new Error(`expected ${count} answers on the page, saw ${shown}`);
  await page.close();
  return t;
}

try {
  const empty = [];
  for (let i = 0; i < RUNS; i++) empty.push(await loadTime(0));
  const session = app.sessions.get('main');
  for (let i = 0; i < TURNS; i++) await session.enqueue({ content: `question ${i}`, source: 'user' }).done;
  const full = [];
  for (let i = 0; i < RUNS; i++) full.push(await loadTime(TURNS));

  // Streaming: one long answer in 4-character chunks.
  const long = `${'Streaming text with `code` and **bold**. '.repeat(Math.ceil(ANSWER_CHARS / 42))}`.slice(
    0,
    ANSWER_CHARS,
  );
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url);
  await page.locator('.status[data-conn="open"]').waitFor();
  const node = new WebSocket(server.url.replace('http', 'ws'));
  await new Promise((resolve) => node.once('open', resolve));
  let nodeDone;
  const nodeFinished = new Promise((resolve) => {
    nodeDone = resolve;
  });
  let firstAt = 0;
  node.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type === 'turn_start' && !firstAt) firstAt = performance.now();
    if (frame.type === 'complete') nodeDone(performance.now() - firstAt);
  });
  llm.script({ text: long, chunkChars: 4 });
  await page.locator('.composer-input').fill('stream please');
  await page.evaluate('window.__t0 = performance.now()');
  await page.locator('.composer-input').press('Enter');
  await page.locator('.msg.assistant').last().locator('.md').waitFor();
  await page.locator('.msg.assistant.streaming').waitFor({ state: 'detached' });
  const pageMs = await page.evaluate('performance.now() - window.__t0');
  const nodeMs = await nodeFinished;
  node.close();

  console.log(`history load: ${TURNS} turns (${TURNS * 2} messages), median of ${RUNS} page loads`);
  console.log(`  empty history (baseline) ${ms(median(empty))}`);
  console.log(
    `  ${TURNS}-turn history      ${ms(median(full))}   ratio ${(median(full) / median(empty)).toFixed(2)}×`,
  );
  console.log(`streaming: ${ANSWER_CHARS} characters in ${Math.ceil(ANSWER_CHARS / 4)} chunk frames`);
  console.log(`  bare WebSocket client (baseline) ${ms(nodeMs)}`);
  console.log(`  page, rendered as Markdown       ${ms(pageMs)}   ratio ${(pageMs / nodeMs).toFixed(2)}×`);
} finally {
  await browser.close();
  await server.close();
  await app.close();
  await llm.close();
  rmSync(home, { recursive: true, force: true });
}
