import { describe, expect, it } from 'vitest';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { fakeProvider } from '../helpers/fake-llm-provider.js';
import { expectAllCallsAnswered, history, types, useTurnLlm } from './turn-harness.js';

const fake = useTurnLlm();
const turn = fake.turn;

describe('runTurn', () => {
  it('runs a tool round trip and sends the model a valid history with tool definitions', async () => {
    fake.llm.script(
      { toolCalls: [{ id: 'c1', name: 'echo', arguments: { text: 'hi' } }] },
      { text: 'all done' },
    );
    const { events, done } = turn();
    const result = await done;
    expect(result).toMatchObject({ status: 'complete', content: 'all done', endConversation: false });
    expect(types(events)).toEqual([
      'turn_start',
      'message',
      'tool_start',
      'tool_output',
      'tool_end',
      'message',
      'text_delta',
      'text_delta',
      'message',
      'turn_end',
    ]);
    expect(events.find((e) => e.type === 'tool_start')).toMatchObject({ name: 'echo', args: { text: 'hi' } });
    expect(events.find((e) => e.type === 'tool_output')).toMatchObject({ callId: 'c1', text: 'live hi' });
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ ok: true, content: 'echo: hi' });

    const [first, second] = fake.llm.requests;
    expect(first?.body.tools[0]).toEqual({
      type: 'function',
      function: {
        name: 'echo',
        description: 'Echo the text back',
        parameters: {
          type: 'object',
          properties: { text: { type: 'string', description: 'what to echo' } },
          required: ['text'],
          additionalProperties: false,
        },
      },
    });
    expect(first?.body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      'echo',
      'boom',
      'finish',
    ]);
    expect(second?.body.messages).toEqual([
      ...history,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"text":"hi"}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'echo: hi' },
    ]);
    expect(result.messages).toHaveLength(3);
    expect(result.messages.at(-1)).toEqual({ role: 'assistant', content: 'all done' });
    const emitted = events.flatMap((e) => (e.type === 'message' ? [e.message] : []));
    expect(emitted).toEqual(result.messages);
  });

  it('runs parallel calls one after another, in order, and sums usage', async () => {
    fake.llm.script(
      {
        toolCalls: [
          { id: 'a', name: 'echo', arguments: { text: 'one' } },
          { id: 'b', name: 'echo', arguments: { text: 'two' } },
        ],
      },
      { text: 'ok' },
    );
    const { events, done } = turn();
    const result = await done;
    expect(
      events.filter((e) => e.type === 'tool_start').map((e) => e.type === 'tool_start' && e.callId),
    ).toEqual(['a', 'b']);
    expect(fake.llm.requests[1]?.body.messages.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'echo: one' },
      { role: 'tool', tool_call_id: 'b', content: 'echo: two' },
    ]);
    expect(result.status === 'complete' && result.usage.totalTokens).toBe(30);
  });

  it.each([
    ['invalid JSON', { name: 'echo', arguments: '{"text": "unterminated' }, /not valid JSON/],
    [
      'schema-invalid arguments',
      { name: 'echo', arguments: { text: 5 } },
      /invalid arguments for tool echo[\s\S]*text/,
    ],
    [
      'an unknown tool',
      { name: 'nope', arguments: {} },
      /no tool named nope\. Available tools: echo, boom, finish/,
    ],
    ['a throwing tool', { name: 'boom', arguments: {} }, /tool boom failed: kaboom/],
  ])('turns %s into a tool result the model sees', async (_label, call, expected) => {
    fake.llm.script({ toolCalls: [{ id: 'x', ...call }] }, { text: 'recovered' });
    const { events, done } = turn();
    expect(await done).toMatchObject({ status: 'complete', content: 'recovered' });
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ ok: false });
    const toolMessage = fake.llm.requests[1]?.body.messages.at(-1);
    expect(toolMessage.tool_call_id).toBe('x');
    expect(toolMessage.content).toMatch(expected);
  });

  it('stops after max_rounds with a valid history', async () => {
    const looping = startFakeLlm({
      fallback: { toolCalls: [{ name: 'echo', arguments: { text: 'again' } }] },
    });
    await fake.llm.close();
    fake.llm = await looping;
    const { events, done } = turn({ provider: fakeProvider(fake.llm), maxRounds: 3 });
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'max_rounds' });
    expect(fake.llm.requests).toHaveLength(3);
    expect(result.messages).toHaveLength(6);
    expectAllCallsAnswered(result.messages);
    expect(types(events).filter((t) => t === 'error' || t === 'turn_end')).toEqual(['error']);
  });

  it('an empty answer still ends with one turn_end and an assistant message with content ""', async () => {
    fake.llm.script({});
    const { events, done } = turn();
    expect(await done).toMatchObject({
      status: 'complete',
      content: '',
      messages: [{ role: 'assistant', content: '' }],
    });
    expect(types(events).filter((t) => t === 'turn_end')).toHaveLength(1);
  });

  it('keeps reasoning_content only when the preset echoes it', async () => {
    fake.llm.script({ reasoning: 'hmm', text: 'a' }, { reasoning: 'hmm', text: 'b' });
    const deepseek = await turn({ provider: fakeProvider(fake.llm, { provider: 'deepseek' }) }).done;
    const custom = await turn().done;
    expect(deepseek.messages).toEqual([{ role: 'assistant', content: 'a', reasoning_content: 'hmm' }]);
    expect(custom.messages).toEqual([{ role: 'assistant', content: 'b' }]);
  });

  it('maps provider failures: 401 → llm_error, no key → llm_unavailable naming the variable', async () => {
    fake.llm.script({ status: 401 });
    expect(await turn().done).toMatchObject({ status: 'error', code: 'llm_error' });
    const noKey = fakeProvider(fake.llm, { api_key_env: 'MISSING_KEY_VAR' });
    const result = await turn({ provider: noKey }).done;
    expect(result).toMatchObject({ status: 'error', code: 'llm_unavailable', messages: [] });
    expect(result.status === 'error' && result.message).toContain('MISSING_KEY_VAR');
  });
});
