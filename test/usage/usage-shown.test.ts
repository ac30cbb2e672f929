/**
 * Where usage is shown: `/v1` reports the turn's real usage to the openai SDK (also in the
 * `stream_options.include_usage` chunk), the `complete` frame's `usage` carries the cost,
 * `/healthz` today's total, `/usage` the day, the month and the session.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, startBox, type TestClient } from '../server/harness.js';

const TOKEN = 'usage-shown-token';
const PRICES = { 'fake-model': { input: 2, cached_input: 1, output: 4, currency: 'CNY' } };
let box: Box;
let client: OpenAI;
let ws: TestClient;

beforeAll(async () => {
  box = await startBox({ config: { llm: { prices: PRICES }, server: { openai_api: true, token: TOKEN } } });
  client = new OpenAI({ apiKey: TOKEN, baseURL: `${box.server.url}/v1`, maxRetries: 0 });
  ws = await connectReady(box.wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
});
afterAll(async () => {
  ws?.close();
  await box?.close();
});

describe('usage shown', () => {
  it('/v1 answers with the usage of all the rounds of the turn', async () => {
    box.llm.script(
      {
        toolCalls: [{ name: 'get_current_time', arguments: {} }],
        usage: { prompt_tokens: 500, completion_tokens: 20, total_tokens: 520 },
      },
      {
        text: 'now',
        usage: {
          prompt_tokens: 600,
          completion_tokens: 30,
          total_tokens: 630,
          prompt_tokens_details: { cached_tokens: 500 },
          completion_tokens_details: { reasoning_tokens: 12 },
        },
      },
    );
    const reply = await client.chat.completions.create({
      model: 'aibox:v1-usage',
      messages: [{ role: 'user', content: 'time?' }],
    });
    expect(reply.usage).toMatchObject({
      prompt_tokens: 1100,
      completion_tokens: 50,
      total_tokens: 1150,
      prompt_tokens_details: { cached_tokens: 500 },
      completion_tokens_details: { reasoning_tokens: 12 },
    });
  });

  it('/v1 streams a last usage chunk when asked with stream_options.include_usage', async () => {
    box.llm.script({
      text: 'streamed',
      usage: { prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 },
    });
    const stream = await client.chat.completions.create({
      model: 'aibox:v1-stream',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1);
    expect(last?.choices).toEqual([]);
    expect(last?.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 2, total_tokens: 42 });
    expect(chunks.slice(0, -1).every((c) => !c.usage)).toBe(true);

    box.llm.script({ text: 'no usage asked' });
    const plain = await client.chat.completions.create({
      model: 'aibox:v1-stream',
      messages: [{ role: 'user', content: 'again' }],
      stream: true,
    });
    const seen = [];
    for await (const chunk of plain) seen.push(chunk);
    expect(seen.some((c) => c.usage)).toBe(false);
  });

  it('the complete frame carries the cost; /healthz and /usage give the totals', async () => {
    box.llm.script({
      text: 'priced',
      usage: {
        prompt_tokens: 1000,
        completion_tokens: 100,
        total_tokens: 1100,
        prompt_tokens_details: { cached_tokens: 200 },
      },
    });
    const done = await ws.chat('what does it cost?');
    expect(done.type).toBe('complete');
    // (800 × 2 + 200 × 1 + 100 × 4) / 1e6
    expect(done.usage).toEqual({
      prompt_tokens: 1000,
      completion_tokens: 100,
      total_tokens: 1100,
      cached_tokens: 200,
      reasoning_tokens: 0,
      cost: 0.0022,
      currency: 'CNY',
    });

    const health = (await (await fetch(`${box.server.url}/healthz`)).json()) as {
      usage: { today: Record<string, unknown> };
    };
    expect(health.usage.today).toMatchObject({
      requests: 5,
      total_tokens: 1150 + 42 + 15 + 1100,
      currency: 'CNY',
    });

    ws.send({ type: 'command', command: '/usage', id: 7 });
    const shown = await ws.waitFor((f) => f.type === 'command_result' && f.id === 7);
    expect(String(shown.content)).toMatch(/^Today: 5 requests · 2,307 tokens/);
    expect(String(shown.content)).toMatch(
      /This session \(main\), last 30 days: 1 requests · 1,100 tokens .*cost 0\.0022 CNY/,
    );
  });
});
