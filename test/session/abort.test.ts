import { afterEach, describe, expect, it } from 'vitest';
import { assertValidHistory, createFixture, type Fixture, record } from './fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('abort', () => {
  it('stops a slow tool, keeps the history valid, and lets queued turns run', async () => {
    fx = await createFixture();
    fx.llm.script(
      {
        toolCalls: [
          { id: 'slow_1', name: 'sleep', arguments: { seconds: 30 } },
          { id: 'echo_1', name: 'echo', arguments: { text: 'never' } },
        ],
      },
      { text: 'after abort' },
    );
    const session = fx.manager.get('main');
    const rec = record(session);
    const a = session.enqueue({ content: 'sleep please', source: 'user' });
    const b = session.enqueue({ content: 'next question', source: 'user' });
    await rec.waitFor((e) => e.type === 'tool_output' && e.callId === 'slow_1');
    expect(session.abort()).toBe(true);

    expect(await a.done).toMatchObject({ status: 'error', code: 'aborted' });
    expect(await b.done).toMatchObject({ status: 'complete', content: 'after abort' });
    expect(rec.events.filter((e) => e.type === 'error' && e.turnId === a.turnId)).toHaveLength(1);
    expect(rec.events.filter((e) => e.type === 'turn_end' && e.turnId === a.turnId)).toHaveLength(0);

    const sent = fx.llm.calls[1]?.messages;
    assertValidHistory(sent);
    const toolIds = sent
      .filter((m: { role: string }) => m.role === 'tool')
      .map((m: { tool_call_id: string }) => m.tool_call_id);
    expect(toolIds).toEqual(['slow_1', 'echo_1']);
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'next question' });
    expect(session.abort()).toBe(false);
  });

  it('abort while idle returns false', async () => {
    fx = await createFixture();
    expect(fx.manager.get('main').abort()).toBe(false);
  });
});
