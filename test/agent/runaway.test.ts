/**
 * Runaway detection in the loop: the same call with the same arguments (key order aside)
 * `max_repeat_calls` times in a row, and rounds whose results bring nothing new, end the turn
 * with `runaway` and a message saying why; the history stays valid (every call answered) and
 * the repeated call is not run again.
 */
import { describe, expect, it } from 'vitest';
import { expectAllCallsAnswered, useScriptedTurn } from './turn-harness.js';

const scripted = useScriptedTurn();

describe('runaway detection', () => {
  it('stops the third identical call in a row without running it', async () => {
    scripted.model.script(
      { toolCalls: [{ name: 'echo', arguments: '{"text":"same"}' }] },
      { toolCalls: [{ name: 'echo', arguments: '{ "text": "same" }' }] },
      { toolCalls: [{ name: 'echo', arguments: '{"text":"same"}' }] },
      { text: 'never asked' },
    );
    const { events, done } = scripted.turn({ maxRounds: 10 });
    const result = await done;
    expect(result).toMatchObject({ status: 'error', code: 'runaway' });
    expect(result.status === 'error' && result.message).toMatch(
      /called echo with the same arguments 3 times in a row.*agent\.max_repeat_calls/,
    );
    expect(scripted.model.calls).toHaveLength(3);
    expect(events.filter((e) => e.type === 'tool_end')).toHaveLength(2);
    expect(result.messages.at(-1)).toMatchObject({ role: 'tool', content: expect.stringMatching(/not run/) });
    expectAllCallsAnswered(result.messages);
  });

  it('lets a call repeat when something else came between, and honours agent.max_repeat_calls', async () => {
    const call = (text: string) => ({ toolCalls: [{ name: 'echo', arguments: { text } }] });
    scripted.model.script(call('a'), call('a'), call('b'), call('a'), call('a'), { text: 'done' });
    const result = await scripted.turn({ maxRounds: 10, runaway: { maxRepeatCalls: 3, maxStaleRounds: 10 } })
      .done;
    expect(result).toMatchObject({ status: 'complete', content: 'done' });

    scripted.model.script(call('x'), call('x'), { text: 'not reached' });
    const strict = await scripted.turn({ maxRounds: 10, runaway: { maxRepeatCalls: 2 } }).done;
    expect(strict).toMatchObject({ status: 'error', code: 'runaway' });
  });

  it('stops rounds that only bring results the turn already had', async () => {
    const call = (text: string) => ({ toolCalls: [{ name: 'echo', arguments: { text } }] });
    scripted.model.script(call('a'), call('b'), call('a'), call('b'), { text: 'not reached' });
    const result = await scripted.turn({ maxRounds: 10, runaway: { maxStaleRounds: 2 } }).done;
    expect(result).toMatchObject({ status: 'error', code: 'runaway' });
    expect(result.status === 'error' && result.message).toMatch(
      /2 rounds .* no new result.*agent\.max_stale_rounds/,
    );
    expect(scripted.model.calls).toHaveLength(4);
    expectAllCallsAnswered(result.messages);
  });
});
