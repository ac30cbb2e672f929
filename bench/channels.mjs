/**
 * Chat channels (issue 13), measured on a real `aibox serve` (dist/, the launcher's flags)
 * against the fake LLM and the fake Telegram, DingTalk, Feishu/Lark, QQ, WeCom and WeChat platforms on loopback
 * (WeCom: its long connection, idle alone, in "all" and message → first stream reply):
 * 1. Idle RSS with each channel connected alone (Telegram long polling, DingTalk Stream mode,
 *    Lark long connection, QQ gateway) and all together (the figure), vs no channel. Each
 *    figure is settled (the median of samples over 3 s, after 1 s: see `settledRssKb`), taken
 *    on `starts` fresh boxes per configuration, interleaved (the order rotates each round);
 *    printed as the median with the range. Then no channel and all of them once more after one
 *    answered WebSocket message: the model client's first call loads what both then share.
 * 2. Time from a chat message arriving (Telegram: the fake answers the held getUpdates;
 *    DingTalk and Lark: the fake pushes the message on the stream) to the first update in the
 *    chat (Telegram's sendMessage, DingTalk's session-webhook POST, Lark's card POST reaching
 *    the fake), against the same box's WebSocket client: message sent → first `chunk` frame,
 *    median and p95 of N, all on one box with the three channels connected. The fake LLM
 *    answers at once, so each is the box's own overhead plus a first token.
 *
 * With `--baseline <git ref>` the idle figures of part 1 are also taken on that commit's build
 * (bench/_aibox-process.mjs `buildBaseline`), interleaved with this checkout's.
 *
 * Usage: node --expose-gc bench/channels.mjs [messages=30] [--starts 5] [--baseline <git ref>]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildBaseline, connect, settledRssKb, spawnServe } from './_aibox-process.mjs';
import { fakeLlmBoxConfig } from './_fixtures.mjs';
import {
  loadFakeDingTalk,
  loadFakeLark,
  loadFakeLlm,
  loadFakeQq,
  loadFakeTelegram,
  loadFakeWeChat,
  loadFakeWeCom,
} from './load-fake-llm.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const STARTS = Number(option('--starts', 5));
const BASELINE = option('--baseline', undefined);
const N = Number(args[0] ?? 30);
const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const baseRoot = BASELINE ? buildBaseline(BASELINE) : undefined;
const builds = [
  { label: 'this checkout', cli: CLI },
  ...(baseRoot ? [{ label: `baseline (${BASELINE})`, cli: join(baseRoot, 'dist/cli/main.js') }] : []),
];
const OWNER = 42;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
console.log(`load average at start: ${load()}`);

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
const { startFakeWeChat } = await loadFakeWeChat();
const wx = await startFakeWeChat();
const WX_OWNER = 'bench@im.wechat';
const { startFakeQq } = await loadFakeQq();
const qq = await startFakeQq();
const QQ_OWNER = 'BENCH0WNER00000000000000000000001';
const { startFakeWeCom } = await loadFakeWeCom();
const wc = await startFakeWeCom();
const WC_OWNER = 'wecom-bench';
const homes = [];

/** A WeChat login as `aibox channels login wechat` leaves it (wechat-login-store.ts). */
function seedWeChatLogin(home) {
  const login = {
    bot_token: wx.token,
    bot_id: 'bench@im.bot',
    base_url: '',
    user_id: WX_OWNER,
    logged_in_at: new Date().toISOString(),
    cursor: '',
  };
  writeFileSync(join(home, 'wechat-login.json'), JSON.stringify(login), { mode: 0o600 });
}

function makeHome(channels) {
  const home = mkdtempSync(join(tmpdir(), 'aibox-bench-channels-'));
  homes.push(home);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify(fakeLlmBoxConfig(llm, { server: { max_queued_turns: 1000 }, channels })),
    { mode: 0o600 },
  );
  if (channels.wechat) seedWeChatLogin(home);
  return home;
}

function start(home, cli = CLI) {
  return spawnServe(cli, { ...process.env, AIBOX_HOME: home, BENCH_KEY: 'k', AIBOX_LANG: 'en' });
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
const wechatConfig = { enabled: true, api_root: wx.apiRoot, cdn_root: wx.cdnRoot, allowed_ids: [WX_OWNER] };
const qqConfig = {
  app_id: qq.appId,
  client_secret: qq.clientSecret,
  api_root: qq.apiRoot,
  token_url: qq.tokenUrl,
  allowed_ids: [QQ_OWNER],
};
const wecomConfig = { bot_id: wc.botId, secret: wc.secret, ws_url: wc.url, allowed_ids: [WC_OWNER] };
const all = {
  telegram: telegramConfig,
  dingtalk: dingtalkConfig,
  lark: larkConfig,
  wechat: wechatConfig,
  qq: qqConfig,
  wecom: wecomConfig,
};
const homesByName = {
  none: makeHome({}),
  telegram: makeHome({ telegram: telegramConfig }),
  dingtalk: makeHome({ dingtalk: dingtalkConfig }),
  lark: makeHome({ lark: larkConfig }),
  wechat: makeHome({ wechat: wechatConfig }),
  qq: makeHome({ qq: qqConfig }),
  wecom: makeHome({ wecom: wecomConfig }),
  all: makeHome(all),
};

/**
 * Sends one chat message on `ws`; resolves once its turn is complete, with the ms from sending
 * to the first `chunk` frame.
 */
function ask(ws, content) {
  const t0 = performance.now();
  let first;
  return new Promise((resolveAsk) => {
    const onFrame = (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.type === 'chunk' && first === undefined) first = performance.now() - t0;
      if (frame.type === 'complete') {
        ws.off('message', onFrame);
        resolveAsk(first);
      }
    };
    ws.on('message', onFrame);
    ws.send(JSON.stringify({ type: 'message', content }));
  });
}

/** Starts a box on `home` and waits until each of its channels is connected to its fake. */
async function startConnected(name, home, cli = CLI) {
  const polls = tg.calls.length;
  const streams = dt.connectionCount();
  const sockets = lark.connections;
  const wxPolls = wx.calls.length;
  const qqSockets = qq.connectionCount();
  const subscribes = wc.subscribeCount();
  const run = await start(home, cli);
  if (name === 'wechat' || name === 'all')
    await wx.waitForCall((c) => c.name === 'getupdates' && wx.calls.indexOf(c) >= wxPolls);
  if (name === 'telegram' || name === 'all') await polled(polls);
  if (name === 'dingtalk' || name === 'all') await streamConnected(streams);
  if (name === 'lark' || name === 'all') await lark.waitForConnections(sockets + 1);
  if (name === 'qq' || name === 'all')
    await qq.waitFor((e) => (e.kind === 'ready' || e.kind === 'resumed') && e.connection > qqSockets);
  if (name === 'wecom' || name === 'all')
    await wc.waitFor((e) => e.kind === 'subscribe' && e.ok && e.connection > subscribes);
  return run;
}

const names = Object.keys(homesByName);
const emptyFigures = () => ({
  idle: Object.fromEntries(names.map((name) => [name, []])),
  afterMessage: { none: [], all: [] },
});
const figures = builds.map(emptyFigures);
for (let i = 0; i < STARTS; i++) {
  const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
  for (const name of order) {
    for (const [b, build] of builds.entries()) {
      const { idle, afterMessage } = figures[b];
      const run = await startConnected(name, homesByName[name], build.cli);
      idle[name].push(await settledRssKb(run.child.pid));
      if (afterMessage[name]) {
        const ws = await connect(`ws://127.0.0.1:${run.port}`, 'bench-rss');
        await ask(ws, 'ping');
        ws.close();
        afterMessage[name].push(await settledRssKb(run.child.pid));
      }
      await stop(run.child);
    }
  }
}
const range = (kbs) => `${(Math.min(...kbs) / 1024).toFixed(1)}–${(Math.max(...kbs) / 1024).toFixed(1)}`;
const rssLine = (label, kbs, base) => {
  const extra = median(kbs) - median(base);
  const ratio = (median(kbs) / median(base)).toFixed(2);
  const sign = extra < 0 ? '−' : '+';
  console.log(
    `  ${label.padEnd(26)}${mb(median(kbs))} (${sign}${mb(Math.abs(extra))}, ratio ${ratio}; starts ${range(kbs)})`,
  );
};
for (const [b, build] of builds.entries()) {
  const { idle, afterMessage } = figures[b];
  console.log(`${build.label}: idle RSS of aibox serve, settled, median of ${STARTS} starts each:`);
  console.log(`  no channel:               ${mb(median(idle.none))} (baseline; starts ${range(idle.none)})`);
  rssLine('Telegram connected:', idle.telegram, idle.none);
  rssLine('DingTalk connected:', idle.dingtalk, idle.none);
  rssLine('Feishu/Lark connected:', idle.lark, idle.none);
  rssLine('WeChat connected:', idle.wechat, idle.none);
  rssLine('QQ connected:', idle.qq, idle.none);
  rssLine('WeCom connected:', idle.wecom, idle.none);
  rssLine('all six connected:', idle.all, idle.none);
  console.log(`${build.label}: the same after one answered WebSocket message:`);
  console.log(
    `  no channel:               ${mb(median(afterMessage.none))} (baseline; starts ${range(afterMessage.none)})`,
  );
  rssLine('all six connected:', afterMessage.all, afterMessage.none);
}
if (baseRoot) rmSync(baseRoot, { recursive: true, force: true });

// 2. Message → first streamed update.
const run = await startConnected('all', homesByName.all);
const ws = await connect(`ws://127.0.0.1:${run.port}`, 'bench-ws');
const page = [];
for (let i = 0; i < N; i++) page.push(await ask(ws, `ping ${i}`));
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
const wechatTimes = [];
for (let i = 0; i < N; i++) {
  const from = wx.calls.length;
  const t0 = performance.now();
  wx.say(WX_OWNER, `ping ${i}`);
  await wx.waitForCall((c) => c.name === 'sendmessage' && wx.calls.indexOf(c) >= from);
  wechatTimes.push(performance.now() - t0);
  await llm.waitForClosed(llm.requests.length);
}
const qqTimes = [];
for (let i = 0; i < N; i++) {
  const from = qq.replies.length;
  const t0 = performance.now();
  qq.say(QQ_OWNER, `ping ${i}`);
  await qq.waitFor((e) => e.kind === 'reply' && qq.replies.indexOf(e.reply) >= from);
  qqTimes.push(performance.now() - t0);
  await llm.waitForClosed(llm.requests.length);
}
const wecomTimes = [];
for (let i = 0; i < N; i++) {
  const reqId = wc.say(WC_OWNER, `ping ${i}`);
  const t0 = performance.now();
  await wc.waitFor((e) => e.kind === 'stream' && e.reqId === reqId);
  wecomTimes.push(performance.now() - t0);
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
  `  WeCom (callback push → stream reply): ${median(wecomTimes).toFixed(1)} / ${p95(wecomTimes).toFixed(1)} ms (ratio ${(median(wecomTimes) / median(page)).toFixed(2)})`,
);
console.log(
  `  Feishu/Lark (event push → card POST): ${median(larkTimes).toFixed(1)} / ${p95(larkTimes).toFixed(1)} ms (ratio ${(median(larkTimes) / median(page)).toFixed(2)})`,
);
console.log(
  `  WeChat (poll → sendmessage, whole answer): ${median(wechatTimes).toFixed(1)} / ${p95(wechatTimes).toFixed(1)} ms (ratio ${(median(wechatTimes) / median(page)).toFixed(2)})`,
);
console.log(
  `  QQ (gateway dispatch → passive reply): ${median(qqTimes).toFixed(1)} / ${p95(qqTimes).toFixed(1)} ms (ratio ${(median(qqTimes) / median(page)).toFixed(2)})`,
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
await wx.close();
await qq.close();
await wc.close();
await llm.close();
console.log(`load average at the end: ${load()}`);
for (const home of homes) rmSync(home, { recursive: true, force: true });
