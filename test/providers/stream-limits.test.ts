/**
 * Hostile streams (issue 9, findings 5 and 11): an endless reply is cut at
 * `maxReplyChars` (content, reasoning and tool-call arguments alike) with the request
 * aborted; the total deadline ends an endless stream; a stream that ends without
 * `finish_reason` or `[DONE]` is an error and none of its tool calls runs.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChatRequest, ProviderEvent } from '../../src/providers/types.js';
import type { AnyTool, Tool } from '../../src/tools/tool.js';
import { useTurnLlm } from '../agent/turn-harness.js';
import { collect, fakeProvider, lastEvent } from '../helpers/fake-llm-provider.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'talk forever' }] };
const never = new AbortController().signal;

function streamedChars(events: ProviderEvent[]): number {
  let total = 0;
  for (const e of events) {
    if (e.type === 'text_delta' || e.type === 'reasoning_delta') total += e.text.length;
    if (e.type === 'tool_call') total += e.call.function.arguments.length;
  }
  return total;
}

describe('provider: reply size cap', () => {
  const fake = useTurnLlm();

  for (const kind of ['content', 'reasoning', 'arguments'] as const) {
    it(`cuts an endless ${kind} stream at the cap, closes the request and ends with too_long`, async () => {
      fake.llm.script({ endless: kind });
      const events = await collect(fakeProvider(fake.llm).stream({ ...request, maxReplyChars: 5000 }, never));
      const last = lastEvent(events);
      expect(last).toMatchObject({ type: 'error', code: 'too_long' });
      expect(last.type === 'error' && last.message).toContain('5000');
      expect(streamedChars(events)).toBeLessThanOrEqual(5000);
      expect(events.some((e) => e.type === 'tool_call')).toBe(false);
      await fake.llm.waitForClosed(1);
    });
  }

  it('ends an endless stream at the total deadline with a timeout error', async () => {
    fake.llm.script({ endless: 'content' });
    const provider = fakeProvider(fake.llm, { timeout_s: 0.3, max_retries: 0 });
    const events = await collect(provider.stream({ ...request, maxReplyChars: 100_000_000 }, never));
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'timeout' });
    await fake.llm.waitForClosed(1);
  });
});

describe('provider: a stream must end with finish_reason or [DONE]', () => {
  const fake = useTurnLlm();

  it('reports a cleanly closed stream without an end as a network error and yields no tool call', async () => {
    fake.llm.script({
      unterminated: { text: 'running it', toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] },
    });
    const events = await collect(fakeProvider(fake.llm, { max_retries: 0 }).stream(request, never));
    expect(events.some((e) => e.type === 'tool_call')).toBe(false);
    expect(lastEvent(events)).toMatchObject({ type: 'error', code: 'network' });
  });

  it('accepts a stream that ends with [DONE] but no finish_reason, with its tool call', async () => {
    fake.llm.script({
      unterminated: {
        text: 'running it',
        toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }],
        done: true,
      },
    });
    const events = await collect(fakeProvider(fake.llm, { max_retries: 0 }).stream(request, never));
    expect(events.filter((e) => e.type === 'tool_call')).toHaveLength(1);
    expect(lastEvent(events)).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
  });

  it('retries an unterminated stream that emitted nothing yet', async () => {
    fake.llm.script({ unterminated: {} }, { text: 'second try' });
    const events = await collect(fakeProvider(fake.llm, { max_retries: 1 }).stream(request, never));
    expect(lastEvent(events)).toMatchObject({ type: 'done' });
    expect(fake.llm.requests).toHaveLength(2);
  });

  it('runs no tool of an unterminated stream in a turn, and the turn errors', async () => {
    let ran = 0;
    const sideEffect: Tool<{ text: string }> = {
      name: 'echo',
      description: 'counts its runs',
      parameters: z.strictObject({ text: z.string() }),
      async execute() {
        ran++;
        return { ok: true, content: 'ran' };
      },
    };
    fake.llm.script({
      unterminated: { text: 'on it', toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] },
    });
    const { done } = fake.turn({
      provider: fakeProvider(fake.llm, { max_retries: 0 }),
      tools: [sideEffect] as AnyTool[],
    });
    const result = await done;
    expect(result.status).toBe('error');
    expect(ran).toBe(0);
    expect(fake.llm.requests).toHaveLength(1);
  });
});
