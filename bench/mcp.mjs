/**
 * MCP benchmark (run after `npm run build`): node bench/mcp.mjs [calls]
 *
 * 1. Start-up (spawn → first WebSocket `history` frame, median of 3) and idle RSS of a real
 *    `aibox serve` with 3 stdio MCP servers configured vs none, in the same run. Connection is in
 *    the background, so the goal is an unchanged start-up; RSS is measured once all 3 are connected.
 * 2. Per-call overhead of an MCP tool through Aibox's tool (decision, trust check, result
 *    formatting and size limit) vs the SDK client calling the same server's tool directly
 *    (goal: < 5 ms). Both against server-everything's `echo` over stdio, alternating.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import WebSocket from 'ws';
import { silentLogger } from '../dist/log/logger.js';
import { rssKb, spawnServe } from './_aibox-process.mjs';

const CALLS = Number(process.argv[2] ?? 300);
const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

function makeHome(mcpServers) {
  const home = mkdtempSync(join(tmpdir(), 'aibox-bench-mcp-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      lang: 'en',
      skills: { watch: false, install_examples: false },
      scheduler: { enabled: false },
      mcp: { servers: mcpServers },
    }),
  );
  return home;
}

async function start(home) {
  const t0 = performance.now();
  const { child, port } = await spawnServe(
    CLI,
    { ...process.env, AIBOX_HOME: home, AIBOX_LANG: 'en' },
    'ignore',
  );
  await new Promise((done, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
    ws.on('error', fail);
    ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'history') {
        ws.close();
        done();
      }
    });
  });
  return { child, port, ms: performance.now() - t0 };
}

async function stop(child) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Waits (bounded) until /healthz says every MCP server is connected. */
async function allConnected(port, count) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
    if (health.mcp.filter((s) => s.state === 'connected').length === count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('MCP servers did not connect within 30 s');
}

function childrenRssKb(pid) {
  let total = 0;
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean))
    total += rssKb(Number(child)) + childrenRssKb(Number(child));
  return total;
}

// 1. Start-up and idle RSS.
const files = mkdtempSync(join(tmpdir(), 'aibox-bench-mcp-files-'));
const none = makeHome({});
const three = makeHome({
  a: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
  b: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
  fs: { command: process.execPath, args: [FILESYSTEM, files] },
});
const times = { none: [], three: [] };
const rss = { none: [], three: [], servers: [] };
await stop((await start(none)).child); // warm the OS cache and write defaults
await stop((await start(three)).child);
for (let i = 0; i < 3; i++) {
  for (const [name, home] of [
    ['none', none],
    ['three', three],
  ]) {
    const run = await start(home);
    times[name].push(run.ms);
    if (name === 'three') await allConnected(run.port, 3);
    await new Promise((r) => setTimeout(r, 1000));
    globalThis.gc?.();
    rss[name].push(rssKb(run.child.pid));
    if (name === 'three') rss.servers.push(childrenRssKb(run.child.pid));
    await stop(run.child);
  }
}
console.log('start-up to first history frame (median of 3):');
console.log(`  no MCP servers:        ${median(times.none).toFixed(0)} ms (baseline)`);
console.log(
  `  3 stdio MCP servers:   ${median(times.three).toFixed(0)} ms (ratio ${(median(times.three) / median(times.none)).toFixed(2)})`,
);
console.log('idle RSS of the aibox process (median of 3):');
console.log(`  no MCP servers:        ${mb(median(rss.none))} (baseline)`);
console.log(
  `  3 stdio MCP servers:   ${mb(median(rss.three))} (ratio ${(median(rss.three) / median(rss.none)).toFixed(2)}), plus ${mb(median(rss.servers))} in the 3 server processes`,
);

// 2. Per-call overhead.
const { createMcpManager } = await import(join(ROOT, 'dist/mcp/manager.js'));
const { defaultConfig } = await import(join(ROOT, 'dist/config/schema.js'));
const { createResultLimiter } = await import(join(ROOT, 'dist/tools/result-limit.js'));
const home = makeHome({});
const base = defaultConfig();
const config = {
  ...base,
  mcp: {
    ...base.mcp,
    servers: {
      e: { command: process.execPath, args: [EVERYTHING, 'stdio'], env: {}, enabled: true, timeout_s: 60 },
    },
  },
  safety: { ...base.safety, rules: [{ tool: 'mcp', command: 'e__*', decision: 'allow' }] },
};
const manager = createMcpManager({
  config,
  safety: () => config.safety,
  home,
  trustPath: join(home, 'mcp-trust.json'),
  lang: 'en',
  logger: silentLogger(),
  limiter: createResultLimiter({
    maxChars: 10_000,
    dir: join(home, 'tool_results'),
    clock: { now: () => new Date() },
  }),
  version: 'bench',
});
manager.start();
await manager.settled();
const echo = manager.tools().find((t) => t.name === 'e__echo');
const direct = new Client({ name: 'bench', version: '1' });
await direct.connect(
  new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }),
);
const ctx = {
  signal: new AbortController().signal,
  output() {},
  sessionId: 'b',
  turnId: 't',
  callId: 'c',
  lang: 'en',
};
const viaAibox = [];
const viaSdk = [];
for (let i = 0; i < CALLS + 20; i++) {
  let t0 = performance.now();
  const a = await echo.execute({ message: `hello ${i}` }, ctx);
  const aMs = performance.now() - t0;
  t0 = performance.now();
  await direct.callTool({ name: 'echo', arguments: { message: `hello ${i}` } });
  const dMs = performance.now() - t0;
  if (!a.ok) throw new Error(a.content);
  if (i >= 20) {
    viaAibox.push(aMs);
    viaSdk.push(dMs);
  }
}
await direct.close();
await manager.close();
console.log(`MCP echo over stdio, ${CALLS} calls each, alternating:`);
console.log(
  `  SDK client directly:   median ${median(viaSdk).toFixed(2)} ms, p95 ${p95(viaSdk).toFixed(2)} ms (baseline)`,
);
console.log(
  `  through Aibox's tool:  median ${median(viaAibox).toFixed(2)} ms, p95 ${p95(viaAibox).toFixed(2)} ms (ratio ${(median(viaAibox) / median(viaSdk)).toFixed(2)})`,
);
console.log(`  overhead per call:     ${(median(viaAibox) - median(viaSdk)).toFixed(2)} ms (goal < 5 ms)`);
for (const dir of [files, none, three, home]) rmSync(dir, { recursive: true, force: true });
