// Pictures: `node bench/media.mjs [rounds]` (after `npm run build`). For each kind of picture a
// person sends — a 12 MP phone photo (4000 × 3000 JPEG with sensor-like noise and EXIF), a
// 2,560 × 1,440 PNG screenshot, a small 800 × 600 JPEG — times the way from the bytes received to
// the model endpoint receiving its request: sniffing, decoding, shrinking to 1,568 px, JPEG
// encoding, hashing and storing (media.receive), then the turn's picture step (read back, base64
// data URL), the request body and the HTTP request through the real provider to a local fake
// model endpoint (which notes when the request arrived). Goal: < 300 ms per picture.
// Baseline in the same run: the same turn with a text message only (no picture).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ConfigSchema } from '../dist/config/schema.js';
import { createMediaServices } from '../dist/media/media-services.js';
import { createProvider } from '../dist/providers/create-provider.js';
import { loadFakeLlm } from './load-fake-llm.mjs';

const ROUNDS = Number(process.argv[2] ?? 15);
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-media-'));
const { startFakeLlm } = await loadFakeLlm();
let arrived = 0;
const llm = await startFakeLlm({
  fallback: () => {
    arrived = performance.now();
    return { text: 'ok' };
  },
});
const config = ConfigSchema.parse({
  llm: {
    provider: 'custom',
    base_url: llm.baseUrl,
    model: 'bench-vision',
    api_key_env: 'BENCH_KEY',
    max_retries: 0,
    vision: true,
  },
});
const llmConfig = config.llm;
const provider = createProvider(llmConfig, { env: { BENCH_KEY: 'sk-bench' }, lang: 'en' });
const media = createMediaServices({
  config: () => config,
  home,
  workspace: () => join(home, 'workspace'),
  clock: { now: () => new Date() },
  provider: () => provider.info,
  env: {},
  logger: { warn() {}, info() {} },
});
const signal = new AbortController().signal;

const noise = (width, height) => ({
  width,
  height,
  channels: 3,
  noise: { type: 'gaussian', mean: 128, sigma: 40 },
});
const pictures = {
  'photo 4000×3000 JPEG': await sharp({ create: noise(4000, 3000) })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' } })
    .toBuffer(),
  'screenshot 2560×1440 PNG': await sharp({
    create: { width: 2560, height: 1440, channels: 3, background: '#f4f4f4' },
  })
    .composite([
      {
        input: await sharp({ create: noise(1200, 700) })
          .png()
          .toBuffer(),
        top: 200,
        left: 300,
      },
    ])
    .png()
    .toBuffer(),
  'small 800×600 JPEG': await sharp({ create: noise(800, 600) })
    .jpeg({ quality: 85 })
    .toBuffer(),
};

/** One turn's way to the model: the user message (with its picture, if any) to the request arriving. */
async function toModel(data) {
  const start = performance.now();
  const attachments = data
    ? [(await media.receive({ data, name: 'p' }, { sessionId: 'b', lang: 'en' })).attachment]
    : null;
  const [message] = await media.picturePort(
    [{ message: { role: 'user', content: 'What is this?' }, attachments }],
    {
      sessionId: 'b',
      lang: 'en',
      signal,
      notify() {},
    },
  );
  for await (const event of provider.stream(
    { messages: [{ role: 'system', content: 'You are a bench.' }, message] },
    signal,
  )) {
    if (event.type === 'error') throw new Error(event.message);
  }
  return arrived - start;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];

try {
  await toModel(pictures['small 800×600 JPEG']); // loads sharp and warms the connection
  const base = [];
  for (let i = 0; i < ROUNDS; i++) base.push(await toModel(undefined));
  const baseline = median(base);
  console.log(`text only (baseline): median ${baseline.toFixed(1)} ms, p90 ${p90(base).toFixed(1)} ms`);
  for (const [name, data] of Object.entries(pictures)) {
    const times = [];
    for (let i = 0; i < ROUNDS; i++) times.push(await toModel(data));
    const m = median(times);
    const sent = await sharp(await media.pictures.read((await media.pictures.put(data, 'x')).id)).metadata();
    console.log(
      `${name} (${(data.length / 1024).toFixed(0)} KiB → ${sent.width}×${sent.height}): median ${m.toFixed(1)} ms, p90 ${p90(times).toFixed(1)} ms, ${(m / baseline).toFixed(1)}× the text-only turn; goal < 300 ms: ${m < 300 ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await llm.close();
  rmSync(home, { recursive: true, force: true });
}
