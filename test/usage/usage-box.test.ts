/**
 * Usage end to end: a real box whose fake LLM streams real usage chunks (OpenAI's cache and
 * reasoning details) records every model round with its session, turn and channel, prices it
 * with `llm.prices`, and `aibox usage --json` (the built CLI, a child process) reports it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { type Box, connectReady, startBox, type TestClient, testEnv } from '../server/harness.js';

const PRICES = { 'fake-model': { input: 1, cached_input: 0.5, output: 2, currency: 'USD' } };
let box: Box;
let ws: TestClient;

beforeAll(async () => {
  box = await startBox({ config: { llm: { prices: PRICES } } });
  ws = await connectReady(box.wsUrl);
});
afterAll(async () => {
  ws?.close();
  await box?.close();
});

describe('usage of a box', () => {
  it('records each model round of a turn from the stream usage, and aibox usage reports it', async () => {
    box.llm.script(
      {
        toolCalls: [{ name: 'get_current_time', arguments: {} }],
        usage: {
          prompt_tokens: 1000,
          completion_tokens: 40,
          total_tokens: 1040,
          prompt_tokens_details: { cached_tokens: 800 },
        },
      },
      {
        text: 'It is late.',
        usage: {
          prompt_tokens: 1100,
          completion_tokens: 60,
          total_tokens: 1160,
          completion_tokens_details: { reasoning_tokens: 20 },
        },
      },
    );
    const done = await ws.chat('what time is it?');
    expect(done.type).toBe('complete');
    expect(done.usage).toMatchObject({ prompt_tokens: 2100, completion_tokens: 100, total_tokens: 2200 });
    expect(box.llm.requests.at(-1)?.body.stream_options).toEqual({ include_usage: true });

    const report = box.app.usage.store.report({ days: 1, by: 'channel', currency: 'USD' });
    expect(report.total).toMatchObject({
      requests: 2,
      cached_tokens: 800,
      reasoning_tokens: 20,
      estimated: false,
    });
    // (200 × 1 + 800 × 0.5 + 40 × 2) + (1100 × 1 + 60 × 2), per million.
    expect(report.total.cost).toBeCloseTo(0.0019, 9);
    expect(report.rows).toEqual([expect.objectContaining({ key: 'web', requests: 2 })]);

    const cli = await runCli(['usage', '--json', '--by', 'session', '--days', '7'], {
      home: box.home,
      env: testEnv(box.home),
    });
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const json = JSON.parse(cli.stdout);
    expect(json.total).toEqual({
      prompt_tokens: 2100,
      completion_tokens: 100,
      cached_tokens: 800,
      reasoning_tokens: 20,
      total_tokens: 2200,
      cost: 0.0019,
      currency: 'USD',
      estimated: false,
    });
    expect(json.rows).toEqual([{ session: 'main', ...json.total }]);

    const text = await runCli(['usage', '--by', 'model'], { home: box.home, env: testEnv(box.home) });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/fake-model: 2 requests · 2,200 tokens/);
    const bad = await runCli(['usage', '--by', 'colour'], { home: box.home, env: testEnv(box.home) });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--by/);
  });

  it('estimates a round whose provider sends no usage, and marks it estimated', async () => {
    box.llm.script({
      recorded:
        'data: {"id":"x","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"plain answer"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    });
    const before = box.app.usage.store.report({ days: 1, currency: 'USD' }).total;
    const done = await ws.chat('no usage please');
    expect(done.type).toBe('complete');
    const after = box.app.usage.store.report({ days: 1, currency: 'USD' }).total;
    expect(after.requests).toBe(before.requests + 1);
    expect(after.estimated).toBe(true);
    expect(after.completion_tokens - before.completion_tokens).toBe(3);
    expect(after.prompt_tokens).toBeGreaterThan(before.prompt_tokens);
  });
});
