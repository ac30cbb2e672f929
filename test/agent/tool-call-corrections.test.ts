/**
 * Tool calls a small model gets wrong, over the fake LLM's wire: each is answered with a short
 * correction the model can act on, and three in a row end the turn with `malformed_tool_calls`
 * (no fourth request), the history valid.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MALFORMED_CALLS } from '../../src/agent/tool-round.js';
import { expectAllCallsAnswered, useTurnLlm } from './turn-harness.js';

const fake = useTurnLlm();

/** The tool results the model was sent in request `n`. */
const toolResults = (n: number) =>
  ((fake.llm.requests[n]?.body.messages ?? []) as { role: string; content: string }[])
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);

describe('corrections for malformed tool calls', () => {
  it.each([
    [
      'a misspelt tool name',
      { name: 'ecoh', arguments: { text: 'x' } },
      'Error: unknown tool `ecoh`; did you mean `echo`?',
    ],
    [
      'arguments that are not JSON',
      { name: 'echo', arguments: '{"text": "unterminated' },
      /^Error: the arguments for tool `echo` are not valid JSON \(.+\)\. Call it again with one JSON object, e\.g\. \{"text":"…"\}$/,
    ],
    [
      'a missing required argument',
      { name: 'echo', arguments: {} },
      'Error: invalid arguments for tool `echo`:\nmissing required argument `text` (string)\nFix them and call it again.',
    ],
    [
      'an argument under a near name',
      { name: 'echo', arguments: { txt: 'hi' } },
      /there is no argument `txt`; did you mean `text`\?/,
    ],
    [
      'arguments that are not an object',
      { name: 'echo', arguments: '["hi"]' },
      'Error: the arguments for tool `echo` must be one JSON object, e.g. {"text":"…"}',
    ],
  ])('answers %s precisely', async (_label, call, expected) => {
    // Arguments that do not parse are asked for once more, non-streamed (src/providers): broken again.
    const retried = typeof call.arguments === 'string' && call.arguments.startsWith('{"');
    fake.llm.script({ toolCalls: [call] }, ...(retried ? [{ toolCalls: [call] }] : []), { text: 'fixed it' });
    const result = await fake.turn().done;
    expect(result).toMatchObject({ status: 'complete', content: 'fixed it' });
    const [said] = toolResults(fake.llm.requests.length - 1);
    if (typeof expected === 'string') expect(said).toBe(expected);
    else expect(said).toMatch(expected);
  });

  it('lists the tools when no name is close', async () => {
    fake.llm.script({ toolCalls: [{ name: 'translate_document', arguments: {} }] }, { text: 'ok' });
    await fake.turn().done;
    expect(toolResults(1)[0]).toBe(
      'Error: there is no tool named `translate_document`. Available tools: echo, boom, finish',
    );
  });

  it(`ends the turn after ${MAX_MALFORMED_CALLS} in a row, with a clear message and valid history`, async () => {
    const bad = { name: 'ecoh', arguments: { text: 'x' } };
    fake.llm.script(
      { toolCalls: [bad] },
      { toolCalls: [bad] },
      { toolCalls: [bad, { name: 'echo', arguments: { text: 'late' } }] },
      { text: 'never asked' },
    );
    const { done, events } = fake.turn();
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'malformed_tool_calls' });
    expect(result.status === 'error' && result.message).toBe(
      'Stopped: the model sent 3 tool calls in a row that could not run (wrong tool name or arguments). Try rephrasing, or a stronger model.',
    );
    expect(fake.llm.requests).toHaveLength(3);
    expect(events.filter((e) => e.type === 'tool_end').map((e) => e.type === 'tool_end' && e.name)).toEqual([
      'ecoh',
      'ecoh',
      'ecoh',
    ]);
    // The call after the third bad one did not run, and is answered.
    expect(result.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Tool echo was not run: the turn stopped after repeated malformed tool calls.',
    });
    expectAllCallsAnswered(result.messages);
  });

  it('counts only malformed calls in a row: a call that runs (even one that fails) starts again', async () => {
    const bad = { name: 'echo', arguments: '[]' };
    fake.llm.script(
      { toolCalls: [bad] },
      { toolCalls: [bad] },
      { toolCalls: [{ name: 'boom', arguments: {} }] },
      { toolCalls: [bad] },
      { toolCalls: [bad] },
      { text: 'done at last' },
    );
    const result = await fake.turn({ maxRounds: 10 }).done;
    expect(result).toMatchObject({ status: 'complete', content: 'done at last' });
    expect(fake.llm.requests).toHaveLength(6);
  });

  it('answers in Chinese in a Chinese turn', async () => {
    fake.llm.script({ toolCalls: [{ name: 'ecoh', arguments: {} }] }, { text: '好' });
    await fake.turn({ lang: 'zh' }).done;
    expect(toolResults(1)[0]).toBe('错误：没有工具 `ecoh`；是不是 `echo`？');
  });
});
