/**
 * DingTalk answers through the robot OpenAPI (issue 13), on a real `aibox serve` (dist/) with
 * the fake LLM (answers at once) and the fake DingTalk on loopback: time from a robot message
 * pushed on the stream to its answer reaching the fake, when the message's reply webhook is
 * valid (baseline: one POST to the webhook) and when it has expired (the answer goes through
 * `robot/oToMessages/batchSend` with the cached access token). Median and p95 of N each,
 * interleaved, and the ratio of the medians.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServe } from './_aibox-process.mjs';
import { fakeLlmBoxConfig } from './_fixtures.mjs';
import { loadFakeDingTalk, loadFakeLlm } from './load-fake-llm.mjs';

const N = Number(process.argv[2] ?? 30);
const CLI = join(resolve(import.meta.dirname, '..'), 'dist/cli/main.js');
const OWNER = 'staff-bench';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const { startFakeLlm } = await loadFakeLlm();
const { startFakeDingTalk } = await loadFakeDingTalk();
const llm = await startFakeLlm({ fallback: { text: 'pong, a short answer' } });
const dt = await startFakeDingTalk();
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-dingtalk-'));
const dingtalk = {
  client_id: dt.clientId,
  client_secret: dt.clientSecret,
  api_root: dt.apiRoot,
  allowed_ids: [OWNER],
};
writeFileSync(
  join(home, 'config.json'),
  JSON.stringify(fakeLlmBoxConfig(llm, { channels: { thinking_notice_ms: 600_000, dingtalk } })),
  { mode: 0o600 },
);
const run = await spawnServe(CLI, { ...process.env, AIBOX_HOME: home, BENCH_KEY: 'k', AIBOX_LANG: 'en' });
await dt.waitFor((e) => e.kind === 'connect');

/** Pushes one message and resolves with the milliseconds until its answer arrived by `via`. */
async function roundTrip(i, via) {
  const from = dt.replies.length;
  const t0 = performance.now();
  dt.say(OWNER, `ping ${i}`, via === 'openapi' ? { webhookExpiresAt: Date.now() - 1 } : {});
  const event = await dt.waitFor((e) => e.kind === 'reply' && dt.replies.indexOf(e.reply) >= from);
  const elapsed = performance.now() - t0;
  if (event.reply.via !== via) throw new Error(`answer ${i} came by ${event.reply.via}, not ${via}`);
  await llm.waitForClosed(llm.requests.length);
  return elapsed;
}

// Warm-up: the first OpenAPI call also fetches the access token.
await roundTrip(-2, 'webhook');
await roundTrip(-1, 'openapi');
const times = { webhook: [], openapi: [] };
for (let i = 0; i < N; i++) {
  times.webhook.push(await roundTrip(i, 'webhook'));
  times.openapi.push(await roundTrip(i, 'openapi'));
}
const exited = new Promise((r) => run.child.on('exit', r));
run.child.kill('SIGTERM');
await exited;

console.log(`DingTalk message → answer at the fake, ${N} each (median / p95):`);
console.log(
  `  reply webhook (baseline): ${median(times.webhook).toFixed(1)} / ${p95(times.webhook).toFixed(1)} ms`,
);
console.log(
  `  OpenAPI batchSend (webhook expired): ${median(times.openapi).toFixed(1)} / ${p95(times.openapi).toFixed(1)} ms (ratio ${(median(times.openapi) / median(times.webhook)).toFixed(2)})`,
);
await dt.close();
await llm.close();
rmSync(home, { recursive: true, force: true });
