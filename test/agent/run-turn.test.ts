/** The tool-calling loop against an in-process scripted model (the wire: run-turn-wire.test.ts). */
import { describe, expect, it } from 'vitest';
import { createScriptedProvider } from '../helpers/scripted-provider.js';
import { ECHO_PARAMETERS, expectAllCallsAnswered, history, types, useScriptedTurn } from './turn-harness.js';

const scripted = useScriptedTurn();
const turn = scripted.turn;

describe('runTurn', () => {
  it('runs a tool round trip and sends the model a valid history with tool definitions', async () => {
    scripted.model.script(
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

    const [first, second] = scripted.model.calls;
    expect(first?.tools[0]).toEqual({
      name: 'echo',
      description: 'Echo the text back',
      parameters: ECHO_PARAMETERS,
    });
    expect(first?.tools.map((t) => t.name)).toEqual(['echo', 'boom', 'finish']);
    expect(second?.messages).toEqual([
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
    scripted.model.script(
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
    expect(scripted.model.calls[1]?.messages.slice(-2)).toEqual([
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
      /invalid arguments for tool `echo`[\s\S]*text/,
    ],
    [
      'an unknown tool',
      { name: 'nope', arguments: {} },
      /no tool named `nope`\. Available tools: echo, boom, finish/,
    ],
    ['a throwing tool', { name: 'boom', arguments: {} }, /tool boom failed: kaboom/],
  ])('turns %s into a tool result the model sees', async (_label, call, expected) => {
    scripted.model.script({ toolCalls: [{ id: 'x', ...call }] }, { text: 'recovered' });
    const { events, done } = turn();
    expect(await done).toMatchObject({ status: 'complete', content: 'recovered' });
    expect(events.find((e) => e.type === 'tool_end')).toMatchObject({ ok: false });
    const toolMessage = scripted.model.calls[1]?.messages.at(-1);
    expect(toolMessage.tool_call_id).toBe('x');
    expect(toolMessage.content).toMatch(expected);
  });

  it('stops after max_rounds as a runaway, with a valid history', async () => {
    scripted.model = createScriptedProvider();
    scripted.model.script(
      ...['one', 'two', 'three'].map((text) => ({ toolCalls: [{ name: 'echo', arguments: { text } }] })),
    );
    const { events, done } = turn({ maxRounds: 3 });
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'runaway' });
    expect(result.status === 'error' && result.message).toMatch(/after 3 model calls.*agent\.max_rounds/);
    expect(scripted.model.calls).toHaveLength(3);
    expect(result.messages).toHaveLength(6);
    expectAllCallsAnswered(result.messages);
    expect(types(events).filter((t) => t === 'error' || t === 'turn_end')).toEqual(['error']);
  });

  it('an empty answer still ends with one turn_end and an assistant message with content ""', async () => {
    scripted.model.script({});
    const { events, done } = turn();
    expect(await done).toMatchObject({
      status: 'complete',
      content: '',
      messages: [{ role: 'assistant', content: '' }],
    });
    expect(types(events).filter((t) => t === 'turn_end')).toHaveLength(1);
  });
});
