/**
 * Chat channels (issue 13), measured on a real `aibox serve` (dist/, the launcher's flags)
 * against the fake LLM and the fake Telegram, DingTalk and Feishu/Lark platforms on loopback:
 * 1. Idle RSS with each channel connected alone (Telegram long polling, DingTalk Stream mode,
 *    Lark long connection) and all three together (the figure), vs no channel
 *    (median of 3).
 * 2. Time from a chat message arriving (Telegram: the fake answers the held getUpdates;
 *    DingTalk and Lark: the fake pushes the message on the stream) to the first update in the
 *    chat (Telegram's sendMessage, DingTalk's session-webhook POST, Lark's card POST reaching
 *    the fake), against the same box's WebSocket client: message sent → first `chunk` frame,
 *    median and p95 of N, all on one box with the three channels connected. The fake LLM
 *    answers at once, so each is the box's own overhead plus a first token.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { rssKb, spawnServe } from './_aibox-process.mjs';
import { fakeLlmBoxConfig } from './_fixtures.mjs';
import { loadFakeDingTalk, loadFakeLark, loadFakeLlm, loadFakeTelegram } from './load-fake-llm.mjs';

const N = Number(process.argv[2] ?? 30);
const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const OWNER = 42;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;

const { startFakeLlm } = await loadFakeLlm();
const { startFakeTelegram } = await loadFakeTelegram();
const llm = await startFakeLlm({ fallback: { text: 'pong, a short answer' } });
const tg = await startFakeTelegram();
const { startFakeDingTalk } = await loadFakeDingTalk();
const dt = await startFakeDingTalk();
const DT_OWNER = 'staff-bench';
const { startFakeLark, LARK_APP_ID, LARK_APP_SECRET } = await loadFakeLark();
const lark = await startFakeLark();
const LARK_OWNER = 'ou_bench0000000000000000000000001';
const LARK_CHAT = `oc_${LARK_OWNER}`;
const homes = [];

function makeHome(channels) {
  const home = mkdtempSync(join(tmpdir(), 'aibox-bench-channels-'));
  homes.push(home);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify(fakeLlmBoxConfig(llm, { server: { max_queued_turns: 1000 }, channels })),
    { mode: 0o600 },
  );
  return home;
}

function start(home) {
  return spawnServe(CLI, { ...process.env, AIBOX_HOME: home, BENCH_KEY: 'k', AIBOX_LANG: 'en' });
}

async function stop(child) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const polled = (after) => tg.waitForCall((c) => c.method === 'getUpdates' && tg.calls.indexOf(c) >= after);
const streamConnected = (after) => dt.waitFor((e) => e.kind === 'connect' && e.connection > after);

// 1. Idle RSS.
const telegramConfig = { token: tg.token, api_root: tg.apiRoot, allowed_ids: [OWNER] };
const dingtalkConfig = {
  client_id: dt.clientId,
  client_secret: dt.clientSecret,
  api_root: dt.apiRoot,
  allowed_ids: [DT_OWNER],
};
const larkConfig = {
  app_id: LARK_APP_ID,
  app_secret: LARK_APP_SECRET,
  domain: lark.domain,
  allowed_ids: [LARK_OWNER],
};
const all = { telegram: telegramConfig, dingtalk: dingtalkConfig, lark: larkConfig };
const homesByName = {
  none: makeHome({}),
  telegram: makeHome({ telegram: telegramConfig }),
  dingtalk: makeHome({ dingtalk: dingtalkConfig }),
  lark: makeHome({ lark: larkConfig }),
  all: makeHome(all),
};
const rss = Object.fromEntries(Object.keys(homesByName).map((name) => [name, []]));

/** Starts a box on `home` and waits until each of its channels is connected to its fake. */
async function startConnected(name, home) {
  const polls = tg.calls.length;
  const streams = dt.connectionCount();
  const sockets = lark.connections;
  const run = await start(home);
  if (name === 'telegram' || name === 'all') await polled(polls);
  if (name === 'dingtalk' || name === 'all') await streamConnected(streams);
  if (name === 'lark' || name === 'all') await lark.waitForConnections(sockets + 1);
  return run;
}

for (let i = 0; i < 3; i++) {
  for (const [name, home] of Object.entries(homesByName)) {
    const run = await startConnected(name, home);
    await new Promise((r) => setTimeout(r, 1000));
    rss[name].push(rssKb(run.child.pid));
    await stop(run.child);
  }
}
const rssLine = (label, name) => {
  const extra = median(rss[name]) - median(rss.none);
  const ratio = (median(rss[name]) / median(rss.none)).toFixed(2);
  console.log(`  ${label.padEnd(28)}${mb(median(rss[name]))} (+${mb(extra)}, ratio ${ratio})`);
};
console.log('idle RSS of aibox serve (median of 3):');
console.log(`  no channel:                 ${mb(median(rss.none))} (baseline)`);
rssLine('Telegram connected:', 'telegram');
rssLine('DingTalk connected:', 'dingtalk');
rssLine('Feishu/Lark connected:', 'lark');
rssLine('all three connected:', 'all');

// 2. Message → first streamed update.
const run = await startConnected('all', homesByName.all);
const ws = new WebSocket(`ws://127.0.0.1:${run.port}/?session=bench-ws`, ['aibox.v1']);
await new Promise((r) => ws.once('message', r));
const page = [];
for (let i = 0; i < N; i++) {
  const t0 = performance.now();
  const first = new Promise((resolveFirst) => {
    const onFrame = (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'chunk') {
        ws.off('message', onFrame);
        resolveFirst(performance.now() - t0);
      }
    };
    ws.on('message', onFrame);
  });
  const ended = new Promise((resolveEnd) => {
    const onEnd = (data) => {
      if (JSON.parse(data.toString()).type === 'complete') {
        ws.off('message', onEnd);
        resolveEnd();
      }
    };
    ws.on('message', onEnd);
  });
  ws.send(JSON.stringify({ type: 'message', content: `ping ${i}` }));
  page.push(await first);
  await ended;
}
ws.close();
const dingtalk = [];
for (let i = 0; i < N; i++) {
  const from = dt.replies.length;
  const t0 = performance.now();
  dt.say(DT_OWNER, `ping ${i}`);
  await dt.waitFor((e) => e.kind === 'reply' && dt.replies.indexOf(e.reply) >= from);
  dingtalk.push(performance.now() - t0);
  await llm.waitForClosed(llm.requests.length);
}
const larkTimes = [];
for (let i = 0; i < N; i++) {
  const from = lark.calls.length;
  const t0 = performance.now();
  lark.say(LARK_OWNER, `ping ${i}`);
  await lark.waitForCall(
    (c) => c.method === 'POST' && c.body.receive_id === LARK_CHAT && lark.calls.indexOf(c) >= from,
  );
  larkTimes.push(performance.now() - t0);
  await llm.waitForClosed(llm.requests.length);
}
console.log(`message → first streamed update (median / p95 of ${N}, fake LLM answers at once):`);
console.log(
  `  WebSocket client:           ${median(page).toFixed(1)} / ${p95(page).toFixed(1)} ms (baseline)`,
);
console.log(
  `  DingTalk (stream push → webhook): ${median(dingtalk).toFixed(1)} / ${p95(dingtalk).toFixed(1)} ms (ratio ${(median(dingtalk) / median(page)).toFixed(2)})`,
);
console.log(
  `  Feishu/Lark (event push → card POST): ${median(larkTimes).toFixed(1)} / ${p95(larkTimes).toFixed(1)} ms (ratio ${(median(larkTimes) / median(page)).toFixed(2)})`,
);
const chat = [];
for (let i = 0; i < N; i++) {
  const from = tg.calls.length;
  const t0 = performance.now();
  tg.say(OWNER, `ping ${i}`);
  await tg.waitForCall((c) => c.method === 'sendMessage' && tg.calls.indexOf(c) >= from);
  chat.push(performance.now() - t0);
  // Let the turn finish before the next message, and the transport poll again. Its next
  // getUpdates usually comes before the sendMessage, at index `from` itself: waiting for one
  // after `from` (as this bench did) waited for the held poll's 30 s timeout.
  await tg.waitForCall((c) => c.method === 'getUpdates' && tg.calls.indexOf(c) >= from);
  await llm.waitForClosed(llm.requests.length);
}
await stop(run.child);
console.log(
  `  Telegram (poll → sendMessage): ${median(chat).toFixed(1)} / ${p95(chat).toFixed(1)} ms (ratio ${(median(chat) / median(page)).toFixed(2)})`,
);

await tg.close();
await dt.close();
await lark.close();
await llm.close();
for (const home of homes) rmSync(home, { recursive: true, force: true });
