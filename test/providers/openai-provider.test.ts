import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest } from '../../src/providers/types.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { collect, fakeProvider, lastEvent, TEST_KEY } from '../helpers/fake-llm-provider.js';

let llm: FakeLlm;
beforeEach(async () => {
  llm = await startFakeLlm();
});
afterEach(async () => {
  await llm.close();
});

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: 'hi' },
  ],
};
const never = new AbortController().signal;

describe('openai provider: streaming', () => {
  it('streams text and reasoning deltas, then done with usage; sends the expected request', async () => {
    llm.script({
      reasoning: 'thinking hard',
      text: 'Hello there, world',
      usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
    });
    const events = await collect(fakeProvider(llm).stream({ ...request, temperature: 0.2 }, never));
    const text = events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : []));
    expect(text.length).toBeGreaterThan(1);
    expect(text.join('')).toBe('Hello there, world');
    const reasoning = events.flatMap((e) => (e.type === 'reasoning_delta' ? [e.text] : []));
    expect(reasoning.join('')).toBe('thinking hard');
    expect(lastEvent(events)).toEqual({
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18, cachedTokens: 0, reasoningTokens: 0 },
    });
    const sent = llm.requests[0];
    expect(sent?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
      max_tokens: 8192,
      messages: request.messages,
    });
    expect(sent?.body.thinking).toBeUndefined();
  });

  it('assembles parallel tool calls whose arguments arrive in pieces, and sends tools', async () => {
    llm.script({
      text: 'let me check',
      toolCalls: [
        { id: 'call_a', name: 'echo', arguments: { text: 'first call with long arguments' } },
        { id: 'call_b', name: 'add', arguments: { a: 1, b: 2 } },
      ],
    });
    const tools = [{ name: 'echo', description: 'echo', parameters: { type: 'object', properties: {} } }];
    const events = await collect(fakeProvider(llm).stream({ ...request, tools }, never));
    const calls = events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));
    expect(calls).toEqual([
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'echo', arguments: '{"text":"first call with long arguments"}' },
      },
      { id: 'call_b', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } },
    ]);
    expect(lastEvent(events)).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
    expect(llm.requests[0]?.body.tools).toEqual([{ type: 'function', function: tools[0] }]);
  });

  it('echoes reasoning_content only for presets that want it, and never sends null content without tool calls', async () => {
    const history: ChatRequest = {
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: null, reasoning_content: 'why' },
      ],
    };
    await collect(fakeProvider(llm, { provider: 'deepseek' }).stream(history, never));
    await collect(fakeProvider(llm, { provider: 'qwen' }).stream(history, never));
    expect(llm.requests[0]?.body.messages[1]).toEqual({
      role: 'assistant',
      content: '',
      reasoning_content: 'why',
    });
    expect(llm.requests[1]?.body.messages[1]).toEqual({ role: 'assistant', content: '' });
  });

  it("sends Ark's thinking parameter to Ark only", async () => {
    await collect(fakeProvider(llm, { provider: 'ark' }).stream(request, never));
    await collect(fakeProvider(llm, { provider: 'deepseek' }).stream(request, never));
    expect(llm.requests[0]?.body.thinking).toEqual({ type: 'enabled' });
    expect(llm.requests[1]?.body.thinking).toBeUndefined();
  });

  it('complete() makes one non-streaming request', async () => {
    llm.script({ text: 'a summary' });
    await expect(fakeProvider(llm).complete(request, never)).resolves.toMatchObject({ text: 'a summary' });
    expect(llm.requests[0]?.body.stream).toBeUndefined();
  });
});

describe('openai provider: failures', () => {
  it('401 → auth error at once, no retry, key not in the message', async () => {
    llm.script({ status: 401, message: `invalid key ${TEST_KEY}` });
    const events = await collect(fakeProvider(llm).stream(request, never));
    const last = lastEvent(events);
    expect(last).toMatchObject({ type: 'error', code: 'auth', status: 401 });
    expect(last.type === 'error' && last.message).toContain('TEST_LLM_KEY');
    expect(JSON.stringify(events)).not.toContain(TEST_KEY);
    expect(llm.requests).toHaveLength(1);
  });

  it('429 then success: retried, and the answer streams', async () => {
    llm.script({ status: 429, retryAfter: '0' }, { text: 'after retry' });
    const events = await collect(fakeProvider(llm).stream(request, never));
    expect(events.flatMap((e) => (e.type === 'text_delta' ? [e.text] : [])).join('')).toBe('after retry');
    expect(llm.requests).toHaveLength(2);
  });

  it('500 on every attempt → error after max_retries retries', async () => {
    llm.script({ status: 500 }, { status: 502 }, { status: 503 }, { text: 'never reached' });
    const events = await collect(fakeProvider(llm, { max_retries: 2 }).stream(request, never));
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'network', status: 503 });
    expect(llm.requests).toHaveLength(3);
  });

  it('a Retry-After longer than allowed fails at once with rate_limit', async () => {
    llm.script({ status: 429, retryAfter: '3600' });
    const events = await collect(fakeProvider(llm).stream(request, never));
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'rate_limit' });
    expect(llm.requests).toHaveLength(1);
  });

  it('a stream cut after the first tokens → network error, not retried, no hang', async () => {
    llm.script({ cut: { text: 'partial answer' } });
    const events = await collect(fakeProvider(llm).stream(request, never));
    expect(events.some((e) => e.type === 'text_delta')).toBe(true);
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'network' });
    expect(llm.requests).toHaveLength(1);
  });

  it('a cut before any token is retried', async () => {
    llm.script({ cut: {} }, { text: 'second try' });
    const events = await collect(fakeProvider(llm).stream(request, never));
    expect(lastEvent(events)).toMatchObject({ type: 'done' });
    expect(llm.requests).toHaveLength(2);
  });

  it.each(['before-headers', 'after-headers', 'mid-stream'] as const)(
    'a server stalling %s → timeout error by the total timeout',
    async (stall) => {
      llm.script({ stall });
      const events = await collect(fakeProvider(llm, { timeout_s: 0.3 }).stream(request, never));
      expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'timeout' });
      await llm.waitForClosed(1);
    },
  );

  it('abort mid-stream → aborted error, and the connection closes', async () => {
    llm.script({ stall: 'mid-stream' });
    const controller = new AbortController();
    const pending = collect(fakeProvider(llm).stream(request, controller.signal));
    await llm.waitForRequest(1);
    controller.abort();
    expect(lastEvent(await pending)).toMatchObject({ type: 'error', code: 'aborted' });
    await llm.waitForClosed(1);
  });

  it('an unreachable server → network error after retries', async () => {
    const url = llm.baseUrl;
    await llm.close();
    const events = await collect(
      fakeProvider({ ...llm, baseUrl: url }, { max_retries: 1 }).stream(request, never),
    );
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'network' });
    llm = await startFakeLlm();
  });

  it('complete() throws an AppError with the provider code', async () => {
    llm.script({ status: 401 });
    await expect(fakeProvider(llm).complete(request, never)).rejects.toMatchObject({ code: 'llm_auth' });
  });
});
