/**
 * The provider layer's regression suite: every vendor stream in test/providers/streams/ (one
 * `.sse` file each, written in the vendor's wire format byte for byte, its header naming the
 * behaviour and where it is documented) is replayed unchanged by the fake LLM over loopback
 * HTTP, read by the real provider (`createOpenAiProvider` through `createProvider`), and the
 * events are checked. A new fixture without an entry in EXPECTED fails the suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRequest, ProviderEvent, ToolCall } from '../../src/providers/types.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { collect, fakeProvider, lastEvent } from '../helpers/fake-llm-provider.js';

const DIR = join(import.meta.dirname, 'streams');
const fixture = (name: string) => readFileSync(join(DIR, name), 'utf8');

interface Expected {
  /** Preset the stream is read under (default `custom`). */
  provider?: string;
  text: string;
  reasoning: string;
  calls?: Array<[id: string, name: string, args: string]>;
  last: Partial<ProviderEvent> & { type: 'done' | 'error' };
  /** For an error: words of the vendor's message that must be in ours. */
  message?: string;
  /** Scripted after the stream (the non-streamed fallback). */
  refetch?: string;
  requests?: number;
}

const EXPECTED: Record<string, Expected> = {
  'openai-text-usage.sse': {
    text: 'Hello from OpenAI.',
    reasoning: '',
    last: {
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
    },
  },
  'openai-parallel-tool-calls.sse': {
    text: '',
    reasoning: '',
    calls: [
      ['call_Q7aK2mV9', 'read_file', '{"path": "README.md"}'],
      ['call_Zt4wB8nL', 'list_files', '{"path": "src"}'],
    ],
    last: { type: 'done', finishReason: 'tool_calls' },
  },
  'deepseek-reasoner-tool-call.sse': {
    provider: 'deepseek',
    text: '',
    reasoning: 'The user wants the file list.',
    calls: [['call_00_dsK4bT1Nq', 'list_files', '{"path":"."}']],
    last: {
      type: 'done',
      finishReason: 'tool_calls',
      usage: { promptTokens: 210, completionTokens: 31, totalTokens: 241 },
    },
  },
  'groq-reasoning-field.sse': {
    text: '2 + 2 = 4',
    reasoning: 'Okay, two plus two is four.',
    last: {
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 14, completionTokens: 22, totalTokens: 36 },
    },
  },
  'openrouter-reasoning-field.sse': {
    provider: 'openrouter',
    text: 'Paris is the capital.',
    reasoning: 'Short answer needed.',
    last: {
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 9, completionTokens: 11, totalTokens: 20 },
    },
  },
  'ollama-reasoning-same-index.sse': {
    provider: 'ollama',
    text: '',
    reasoning: 'Two files to read.',
    calls: [
      ['call_k1r0m2xq', 'read_file', '{"path":"a.txt"}'],
      ['call_p8w3n5ya', 'read_file', '{"path":"b.txt"}'],
    ],
    last: { type: 'done', finishReason: 'tool_calls' },
  },
  'mistral-magistral-content-parts.sse': {
    text: 'The sum is 5.',
    reasoning: 'Add the numbers.',
    last: {
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 20, completionTokens: 11, totalTokens: 31 },
    },
  },
  'vllm-error-object.sse': {
    text: '',
    reasoning: '',
    last: { type: 'error', code: 'bad_response', status: 400 },
    message: "This model's maximum context length is 32768 tokens",
  },
  'sglang-error-wrapped.sse': {
    text: '',
    reasoning: '',
    last: { type: 'error', code: 'bad_response' },
    message: "exceeds the model's maximum context length of 196608 tokens",
  },
  'llamacpp-arguments-object.sse': {
    text: '',
    reasoning: '',
    calls: [['call_Lc1x', 'read_file', '{"path":"notes.md","max_lines":20}']],
    last: { type: 'done', finishReason: 'tool_calls' },
  },
  'kimi-tool-call-ids.sse': {
    provider: 'moonshot',
    text: 'Let me look.',
    reasoning: '',
    calls: [['functions.list_files:0', 'list_files', '{"path": "."}']],
    last: {
      type: 'done',
      finishReason: 'tool_calls',
      usage: { promptTokens: 96, completionTokens: 18, totalTokens: 114 },
    },
  },
  'glm-broken-arguments.sse': {
    provider: 'zhipu',
    text: '',
    reasoning: 'Need the files.',
    calls: [['call_-7990123456789012399', 'list_files', '{"path":"src"}']],
    last: { type: 'done', finishReason: 'tool_calls' },
    refetch: 'glm-refetch.json',
    requests: 2,
  },
  'qwen-thinking.sse': {
    provider: 'qwen',
    text: '今天晴。',
    reasoning: '用户问天气。',
    last: {
      type: 'done',
      finishReason: 'stop',
      usage: { promptTokens: 18, completionTokens: 25, totalTokens: 43 },
    },
  },
  'azure-content-filter.sse': {
    text: 'Filtered but fine.',
    reasoning: '',
    last: { type: 'done', finishReason: 'stop' },
  },
  'xai-reasoning-tool-call.sse': {
    text: '',
    reasoning: 'Check the time.',
    calls: [['call_91726354', 'get_time', '{}']],
    last: {
      type: 'done',
      finishReason: 'tool_calls',
      usage: { promptTokens: 80, completionTokens: 25, totalTokens: 105 },
    },
  },
};

const request: ChatRequest = { messages: [{ role: 'user', content: 'hi' }] };
const never = new AbortController().signal;

const joined = (events: ProviderEvent[], type: 'text_delta' | 'reasoning_delta') =>
  events.flatMap((e) => (e.type === type ? [e.text] : [])).join('');
const callsOf = (events: ProviderEvent[]): ToolCall[] =>
  events.flatMap((e) => (e.type === 'tool_call' ? [e.call] : []));

// A fake per test: a step one test leaves unconsumed never reaches the next.
let llm: FakeLlm;
beforeEach(async () => {
  llm = await startFakeLlm();
});
afterEach(async () => {
  await llm.close();
});

describe('recorded vendor streams', () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith('.sse'));

  it('every fixture has an expectation, and a header naming the vendor behaviour and its documentation', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const name of files) {
      const head = fixture(name).split('\n').slice(0, 3);
      expect(head[0], name).toMatch(/^: vendor: \S/);
      expect(head[1], name).toMatch(/^: behaviour: \S/);
      expect(head[2], name).toMatch(/^: documented: \S*(https?:\/\/|\.py)/);
    }
  });

  for (const [name, want] of Object.entries(EXPECTED)) {
    it(`${name}: read as the vendor meant it`, async () => {
      llm.script({ recorded: readFileSync(join(DIR, name)) });
      if (want.refetch) llm.script({ recorded: fixture(want.refetch), contentType: 'application/json' });
      const provider = fakeProvider(llm, { provider: want.provider ?? 'custom', max_retries: 0 });
      const events = await collect(provider.stream(request, never));
      expect(joined(events, 'text_delta')).toBe(want.text);
      expect(joined(events, 'reasoning_delta')).toBe(want.reasoning);
      expect(JSON.stringify(events)).not.toContain('[object Object]');
      const calls = callsOf(events).map((c) => [c.id, c.function.name, c.function.arguments]);
      expect(calls).toEqual(want.calls ?? []);
      expect(lastEvent(events)).toMatchObject(want.last);
      const last = lastEvent(events);
      if (want.message) expect(last.type === 'error' && last.message).toContain(want.message);
      expect(llm.requests).toHaveLength(want.requests ?? 1);
      expect(llm.pending()).toBe(0);
    });
  }
});

/** The assistant message of the `n`-th request (1-based) as sent. */
const sentAssistant = (n: number) =>
  llm.requests[n - 1]?.body.messages.find((m: { role: string }) => m.role === 'assistant');

/** The history after a streamed reply with reasoning and a tool call. */
function historyAfter(events: ProviderEvent[]): ChatRequest {
  const calls = callsOf(events);
  return {
    messages: [
      ...request.messages,
      {
        role: 'assistant',
        content: null,
        reasoning_content: joined(events, 'reasoning_delta'),
        tool_calls: calls,
      },
      ...calls.map((call) => ({ role: 'tool' as const, tool_call_id: call.id, content: 'ok' })),
    ],
  };
}

describe('what goes back to the vendor', () => {
  it('a thinking model through custom or openrouter gets reasoning_content back once its stream sent it', async () => {
    const earlier: ChatRequest = {
      messages: [
        ...request.messages,
        { role: 'assistant', content: 'before', reasoning_content: 'an earlier thought' },
        { role: 'user', content: 'again' },
      ],
    };
    for (const provider of ['custom', 'openrouter']) {
      llm.requests.length = 0;
      const model = fakeProvider(llm, { provider });
      await collect(model.stream(earlier, never)); // no reasoning_content seen yet: not sent
      expect(sentAssistant(1), provider).not.toHaveProperty('reasoning_content');
      llm.script({ recorded: fixture('deepseek-reasoner-tool-call.sse') });
      const reasoned = historyAfter(await collect(model.stream(request, never)));
      await collect(model.stream(reasoned, never));
      expect(sentAssistant(3), provider).toMatchObject({
        reasoning_content: 'The user wants the file list.',
        tool_calls: [{ id: 'call_00_dsK4bT1Nq' }],
      });
      await collect(model.stream(earlier, never));
      expect(sentAssistant(4), provider).toMatchObject({ reasoning_content: 'an earlier thought' });
    }
  });

  it('reasoning that came as `reasoning` (Groq, OpenRouter, Ollama) is not sent back as reasoning_content', async () => {
    const model = fakeProvider(llm, { provider: 'ollama' });
    llm.script({ recorded: fixture('ollama-reasoning-same-index.sse') });
    await collect(model.stream(historyAfter(await collect(model.stream(request, never))), never));
    expect(sentAssistant(2)).not.toHaveProperty('reasoning_content');
  });

  it('Kimi tool-call ids go back exactly, as tool_calls[].id and tool_call_id', async () => {
    const model = fakeProvider(llm, { provider: 'moonshot' });
    llm.script({ recorded: fixture('kimi-tool-call-ids.sse') });
    await collect(model.stream(historyAfter(await collect(model.stream(request, never))), never));
    const sent = llm.requests[1]?.body.messages;
    expect(sent[1].tool_calls[0].id).toBe('functions.list_files:0');
    expect(sent[2]).toEqual({ role: 'tool', tool_call_id: 'functions.list_files:0', content: 'ok' });
  });

  it('an assistant tool-call message without text has content null, or "" for ollama', async () => {
    const calls = [{ id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{}' } }];
    const history: ChatRequest = {
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: null, tool_calls: calls },
        { role: 'tool', tool_call_id: 'c1', content: 'r' },
        { role: 'assistant', content: '', tool_calls: calls },
      ],
    };
    const content = (n: number) =>
      llm.requests[n - 1]?.body.messages.flatMap((m: { role: string; content: unknown }) =>
        m.role === 'assistant' ? [m.content] : [],
      );
    for (const provider of ['custom', 'deepseek', 'moonshot', 'ollama']) {
      await collect(fakeProvider(llm, { provider }).stream(history, never));
    }
    expect([content(1), content(2), content(3), content(4)]).toEqual([
      [null, null],
      [null, null],
      [null, null],
      ['', ''],
    ]);
  });

  it('qwen: llm.thinking and llm.thinking_budget become enable_thinking and thinking_budget, never on a non-streamed call', async () => {
    const body = async (overrides: Record<string, unknown>, stream = true) => {
      const model = fakeProvider(llm, { provider: 'qwen', ...overrides });
      if (stream) await collect(model.stream(request, never));
      else await model.complete(request, never);
      const sent = llm.requests.at(-1)?.body;
      return { enable_thinking: sent.enable_thinking, thinking_budget: sent.thinking_budget };
    };
    expect(await body({ thinking: 'on', thinking_budget: 2000 })).toEqual({
      enable_thinking: true,
      thinking_budget: 2000,
    });
    expect(await body({})).toEqual({ enable_thinking: undefined, thinking_budget: undefined });
    expect(await body({ thinking_budget: 500 })).toEqual({
      enable_thinking: undefined,
      thinking_budget: 500,
    });
    expect(await body({ thinking: 'off', thinking_budget: 500 })).toEqual({
      enable_thinking: false,
      thinking_budget: undefined,
    });
    // DashScope: "parameter.enable_thinking must be set to false for non-streaming calls".
    expect(await body({ thinking: 'on', thinking_budget: 2000 }, false)).toEqual({
      enable_thinking: false,
      thinking_budget: undefined,
    });
    // Other presets get none of it.
    await collect(fakeProvider(llm, { thinking: 'on', thinking_budget: 2000 }).stream(request, never));
    expect(llm.requests.at(-1)?.body).not.toHaveProperty('enable_thinking');
  });

  it('GLM broken arguments: the fallback is one non-streamed request with the same messages', async () => {
    llm.script(
      { recorded: fixture('glm-broken-arguments.sse') },
      { recorded: fixture('glm-refetch.json'), contentType: 'application/json' },
    );
    await collect(fakeProvider(llm, { provider: 'zhipu' }).stream(request, never));
    const [streamed, again] = llm.requests;
    expect(streamed?.body.stream).toBe(true);
    expect(again?.body.stream).toBeUndefined();
    expect(again?.body.messages).toEqual(streamed?.body.messages);
  });

  it('GLM broken arguments and a failing fallback: the streamed calls stand, once', async () => {
    llm.script({ recorded: fixture('glm-broken-arguments.sse') }, { status: 500 });
    const events = await collect(fakeProvider(llm, { provider: 'zhipu' }).stream(request, never));
    expect(callsOf(events).map((c) => c.function.arguments)).toEqual(['{"path":"src""src"}']);
    expect(lastEvent(events)).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
    expect(llm.requests).toHaveLength(2);
  });

  it('arguments cut by max_tokens (finish_reason length) are not asked for again', async () => {
    llm.script({ toolCalls: [{ name: 'list_files', arguments: '{"path":"sr' }], finishReason: 'length' });
    const events = await collect(fakeProvider(llm, { provider: 'zhipu' }).stream(request, never));
    expect(lastEvent(events)).toMatchObject({ type: 'done', finishReason: 'length' });
    expect(llm.requests).toHaveLength(1);
  });
});
