import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptedCall, ScriptedStep } from '../helpers/scripted-provider.js';
import { assertValidHistory, createFixture, type Fixture } from './fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LONG = 'lorem ipsum dolor sit amet '.repeat(15); // ~400 chars ≈ 100 tokens; one long turn ≈ 340 tokens

/** Scripts (after `before`, e.g. a summary reply) and runs one turn: a tool call with a long argument, then a long answer. */
async function longTurn(f: Fixture, n: number, ...before: ScriptedStep[]) {
  f.llm.script(
    ...before,
    { toolCalls: [{ id: `call_t${n}`, name: 'echo', arguments: { text: `${n} ${LONG}` } }] },
    {
      text: `answer ${n} ${LONG}`,
    },
  );
  return f.manager.get('main').enqueue({ content: `question ${n}`, source: 'user' }).done;
}

const streamed = (c: ScriptedCall) => c.kind === 'stream';

describe('compression', () => {
  it('summarises older turns over budget, keeping recent turns and tool pairs intact', async () => {
    fx = await createFixture({
      agent: { context_token_budget: 1000, keep_recent_messages: 4 },
      defaultPrompts: false,
    });
    for (let n = 1; n <= 3; n++) await longTurn(fx, n);
    const before = fx.llm.calls.length;
    expect(fx.llm.calls.every(streamed)).toBe(true); // under budget so far: no summary call

    await longTurn(fx, 4, { text: 'SUMMARY-ONE: user asked questions 1 and 2' });
    const [summaryCall, turnCall] = fx.llm.calls.slice(before);
    expect(streamed(summaryCall!)).toBe(false);
    const rendered: string = summaryCall!.messages[1].content;
    expect(rendered).toContain('question 1');
    expect(rendered).toContain('question 2');
    expect(rendered).not.toContain('question 3');

    const sent = turnCall!.messages;
    assertValidHistory(sent);
    expect(sent.filter((m: { role: string }) => m.role === 'system')).toHaveLength(1);
    expect(sent[0].content).toContain('SUMMARY-ONE');
    expect(sent.slice(1).map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
    expect(sent.at(-1).content).toBe('question 4');
    expect(sent[1].content).toBe('question 3');
    expect(sent[2].tool_calls[0].id).toBe('call_t3');

    // The original rows stay, marked as compressed; the transcript is complete.
    const marked = fx.db
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE compressed_into IS NOT NULL')
      .get();
    expect(marked).toEqual({ n: 8 });
    expect(fx.manager.get('main').history(100)).toHaveLength(16);

    // Over budget again: the earlier summary is folded into the next one.
    await longTurn(fx, 5);
    const afterFive = fx.llm.calls.length;
    fx.llm.script({ text: 'SUMMARY-TWO' }, { text: 'answer 6' });
    await fx.manager.get('main').enqueue({ content: 'question 6', source: 'user' }).done;
    const [second, last] = fx.llm.calls.slice(afterFive);
    expect(streamed(second!)).toBe(false);
    expect(second!.messages[1].content).toContain('SUMMARY-ONE');
    assertValidHistory(last!.messages);
    expect(last!.messages[0].content).toContain('SUMMARY-TWO');
    expect(last!.messages[0].content).not.toContain('SUMMARY-ONE');
    const live = fx.db
      .prepare("SELECT COUNT(*) AS n FROM messages WHERE kind = 'summary' AND compressed_into IS NULL")
      .get();
    expect(live).toEqual({ n: 1 });
  });

  it('keeps the history as it is when summarising fails', async () => {
    fx = await createFixture({
      agent: { context_token_budget: 1000, keep_recent_messages: 4 },
      defaultPrompts: false,
    });
    for (let n = 1; n <= 3; n++) await longTurn(fx, n);
    const before = fx.llm.calls.length;
    fx.llm.script({ error: 'bad_response', message: 'context too long', status: 400 }, { text: 'answer 4' });
    const outcome = await fx.manager.get('main').enqueue({ content: 'question 4', source: 'user' }).done;
    expect(outcome).toMatchObject({ status: 'complete', content: 'answer 4' });
    const sent = fx.llm.calls.at(-1)!.messages;
    expect(fx.llm.calls.length - before).toBe(2);
    assertValidHistory(sent);
    expect(sent).toHaveLength(1 + 12 + 1);
    const marked = fx.db
      .prepare('SELECT COUNT(*) AS n FROM messages WHERE compressed_into IS NOT NULL')
      .get();
    expect(marked).toEqual({ n: 0 });
  });
});
