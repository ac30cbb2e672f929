import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm.js';

let llm: FakeLlm;
let client: OpenAI;

beforeEach(async () => {
  llm = await startFakeLlm();
  client = new OpenAI({ baseURL: llm.baseUrl, apiKey: 'sk-test', maxRetries: 0 });
});
afterEach(async () => {
  await llm.close();
});

async function collect(params: Record<string, unknown> = {}, signal?: AbortSignal) {
  const stream = await client.chat.completions.create(
    {
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
      stream_options: { include_usage: true },
      ...params,
    },
    { signal },
  );
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('fake LLM server', () => {
  it('replays a recorded body byte for byte, with the content type asked for', async () => {
    const body = Buffer.from(': comment\r\ndata: {"a":"é"}\n\n\ndata: [DONE]\n\n', 'utf8');
    llm.script({ recorded: body }, { recorded: '{"x":1}\n', contentType: 'application/json' });
    const first = await fetch(`${llm.baseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    expect(Buffer.from(await first.arrayBuffer()).equals(body)).toBe(true);
    const second = await fetch(`${llm.baseUrl}/chat/completions`, { method: 'POST', body: '{}' });
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(await second.text()).toBe('{"x":1}\n');
  });

  it('streams text, reasoning and tool calls in several chunks, with usage, and records the request', async () => {
    llm.script({
      reasoning: 'let me think',
      text: 'Hello world',
      toolCalls: [
        { id: 'a', name: 'echo', arguments: { text: 'one' } },
        { name: 'echo', arguments: '{"text":' },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
    const chunks = await collect();
    const deltas = chunks.flatMap((c) => c.choices.map((choice) => choice.delta));
    expect(deltas.map((d) => d.content ?? '').join('')).toBe('Hello world');
    expect(deltas.filter((d) => d.content).length).toBeGreaterThan(1);
    const reasoning = deltas
      .map((d) => (d as { reasoning_content?: string }).reasoning_content ?? '')
      .join('');
    expect(reasoning).toBe('let me think');
    const toolDeltas = deltas.flatMap((d) => d.tool_calls ?? []);
    const args = (index: number) =>
      toolDeltas
        .filter((t) => t.index === index)
        .map((t) => t.function?.arguments ?? '')
        .join('');
    expect(args(0)).toBe('{"text":"one"}');
    expect(args(1)).toBe('{"text":');
    expect(toolDeltas.filter((t) => t.index === 0).length).toBeGreaterThan(2);
    expect(toolDeltas.find((t) => t.index === 1)?.id).toMatch(/^call_/);
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    expect(chunks.some((c) => c.choices[0]?.finish_reason === 'tool_calls')).toBe(true);

    const recorded = await llm.waitForRequest(1);
    expect(recorded.path).toBe('/v1/chat/completions');
    expect(recorded.headers.authorization).toBe('Bearer sk-test');
    expect(recorded.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('answers "ok" by default, non-streaming too, and function steps see the request', async () => {
    const plain = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(plain.choices[0]?.message.content).toBe('ok');
    llm.script((request) => ({ text: `you said ${request.body.messages[0].content}` }));
    const chunks = await collect();
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('you said hi');
  });

  it('fails with scripted statuses and Retry-After', async () => {
    llm.script({ status: 429, retryAfter: '1' }, { status: 401, message: 'bad key' });
    const rate = await collect().catch((e: unknown) => e);
    expect(rate).toBeInstanceOf(OpenAI.RateLimitError);
    expect((rate as InstanceType<typeof OpenAI.RateLimitError>).headers.get('retry-after')).toBe('1');
    await expect(collect()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('cuts a stream mid-way: the client sees an error, not a hang', async () => {
    llm.script({ cut: { text: 'partial' } });
    await expect(collect()).rejects.toThrow();
    await llm.waitForClosed(1);
  });

  it('stalls until the client aborts, and close() ends stalls still open', async () => {
    llm.script({ stall: 'mid-stream' }, { stall: 'before-headers' });
    const controller = new AbortController();
    const first = collect({}, controller.signal).catch((e: unknown) => e);
    await llm.waitForRequest(1);
    controller.abort();
    expect(await first).toBeInstanceOf(OpenAI.APIUserAbortError);
    await llm.waitForClosed(1);

    const second = collect().catch((e: unknown) => e);
    await llm.waitForRequest(2);
    await llm.close();
    expect(await second).toBeInstanceOf(Error);
    llm = await startFakeLlm(); // for afterEach
  });
});
