/**
 * What each piece a chat channel loads costs in a running box (run after `npm run build`): the
 * attribution behind the channels' idle RSS (bench/channels.mjs).
 *
 * A real `aibox serve` with no channel is started with one piece loaded by `--import` (where the
 * piece is an HTTP client, it makes one call to a loopback server answering small JSON), and its
 * settled RSS (`settledRssKb`) is compared with the same box importing an empty module: the
 * baseline. A bare Node would overstate most pieces, since it lacks what the box has anyway (the
 * HTTP server, `ws`, the module loaders). Median of `runs` starts per piece, interleaved.
 *
 *   node --expose-gc bench/channel-pieces.mjs [runs=3]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { settledRssKb, spawnServe } from './_aibox-process.mjs';
import { fakeLlmBoxConfig } from './_fixtures.mjs';
import { loadFakeLlm } from './load-fake-llm.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const href = (path) => JSON.stringify(pathToFileURL(path).href);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

/** The bundled chunk holding `marker` (chunk names carry a hash). */
function chunkWith(marker) {
  const dir = join(ROOT, 'dist/chunks');
  const name = readdirSync(dir).find(
    (f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker),
  );
  if (!name) throw new Error(`no chunk in dist/chunks holds ${marker}: run npm run build`);
  return join(dir, name);
}

/** Each piece as the module `--import` loads; `process.env.BENCH_URL` answers any request. */
const PIECES = {
  'nothing (baseline)': '',
  'global fetch, one call (undici + its llhttp Wasm)': 'await (await fetch(process.env.BENCH_URL)).text();',
  'undici loaded, no call (new Response)': "await new Response('x').text();",
  'node:http, one call (src/channels/http-call.ts)': `const { httpCall } = await import(${href(join(ROOT, 'dist/channels/http-call.js'))});
await httpCall(process.env.BENCH_URL, { timeoutMs: 5000, maxBytes: 10000 });`,
  'grammY, one getMe (node-fetch inside)': `const { Api } = await import(${href(createRequire(CLI).resolve('grammy'))});
await new Api('1:bench', { apiRoot: process.env.BENCH_URL.replace(/\\/$/, '') }).getMe();`,
  "axios, one call (the SDKs' default; not bundled)": `const { default: axios } = await import(${href(createRequire(CLI).resolve('axios'))});
await axios.get(process.env.BENCH_URL);`,
  'DingTalk transport chunk (dingtalk-stream)': `await import(${href(chunkWith('dingtalk websocket'))});`,
  'Feishu/Lark transport chunk (WSClient, EventDispatcher)': `await import(${href(chunkWith('oapi-node-sdk/'))});`,
};

console.log(
  `load average at start: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();
const answers = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"bench","username":"bench_bot"}}');
});
await new Promise((r) => answers.listen(0, '127.0.0.1', r));
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-pieces-'));
writeFileSync(join(home, 'config.json'), JSON.stringify(fakeLlmBoxConfig(llm)), { mode: 0o600 });
const env = {
  ...process.env,
  AIBOX_HOME: home,
  BENCH_KEY: 'k',
  AIBOX_LANG: 'en',
  BENCH_URL: `http://127.0.0.1:${answers.address().port}/`,
};

const rss = Object.fromEntries(Object.keys(PIECES).map((piece) => [piece, []]));
for (let i = 0; i < RUNS; i++)
  for (const [n, [piece, code]] of Object.entries(PIECES).entries()) {
    const file = join(home, `piece-${n}.mjs`);
    writeFileSync(file, `${code}\n`);
    const { child } = await spawnServe(CLI, { ...env, NODE_OPTIONS: `--import ${pathToFileURL(file).href}` });
    rss[piece].push(await settledRssKb(child.pid));
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

const base = median(rss['nothing (baseline)']);
console.log(`idle RSS of aibox serve (no channel) with one piece loaded, median of ${RUNS} starts:`);
for (const [piece, kbs] of Object.entries(rss)) {
  const extra = median(kbs) - base;
  const figure = piece.startsWith('nothing') ? 'baseline' : `${extra < 0 ? '−' : '+'}${mb(Math.abs(extra))}`;
  console.log(
    `  ${piece.padEnd(58)}${mb(median(kbs))} (${figure}, ratio ${(median(kbs) / base).toFixed(2)})`,
  );
}
answers.close();
await llm.close();
rmSync(home, { recursive: true, force: true });
