import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../src/session/types.js';
import { createFixture, type Fixture, gate, record } from './fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const terminal = (e: SessionEvent) => e.type === 'turn_end' || e.type === 'error';

describe('session queue', () => {
  it('queues a second message while a turn runs and runs it afterwards, not mixed in', async () => {
    fx = await createFixture();
    const hold = gate();
    fx.llm.script(
      async () => {
        await hold.promise;
        return { text: 'first answer' };
      },
      { text: 'second answer' },
    );
    const session = fx.manager.get('main');
    const rec = record(session);

    const a = session.enqueue({ content: 'first question', source: 'user' });
    await fx.llm.waitForCall(1);
    const b = session.enqueue({ content: 'second question', source: 'user' });
    expect(a.position).toBe(0);
    expect(b.position).toBe(1);
    expect(session.queueLength).toBe(1);
    expect(rec.events.filter((e) => e.type === 'turn_start')).toHaveLength(1);

    hold.open();
    expect(await a.done).toMatchObject({ status: 'complete', content: 'first answer' });
    expect(await b.done).toMatchObject({ status: 'complete', content: 'second answer' });

    const order = rec.events
      .filter((e) => e.type === 'queued' || e.type === 'turn_start' || terminal(e))
      .map((e) => `${e.type}:${'turnId' in e ? (e.turnId === a.turnId ? 'a' : 'b') : ''}`);
    expect(order).toEqual([
      'queued:a',
      'turn_start:a',
      'queued:b',
      'turn_end:a',
      'turn_start:b',
      'turn_end:b',
    ]);

    const second = fx.llm.calls[1]?.messages as { role: string; content: string }[];
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second.slice(1).map((m) => m.content)).toEqual([
      'first question',
      'first answer',
      'second question',
    ]);
    expect(fx.llm.calls).toHaveLength(2);
  });

  it('runs two sessions in parallel', async () => {
    fx = await createFixture();
    const hold = gate();
    fx.llm.script(
      async () => {
        await hold.promise;
        return { text: 'one' };
      },
      { text: 'two' },
    );
    const one = fx.manager.get('one').enqueue({ content: 'hello one', source: 'user' });
    await fx.llm.waitForCall(1);
    const two = fx.manager.get('two').enqueue({ content: 'hello two', source: 'user' });
    // The second session's turn finishes while the first is still held.
    expect(await two.done).toMatchObject({ status: 'complete', content: 'two' });
    hold.open();
    expect(await one.done).toMatchObject({ status: 'complete', content: 'one' });
    expect(fx.manager.ids().sort()).toEqual(['one', 'two']);
  });

  it('forwards every event with the session id, and exactly one terminal event per turn', async () => {
    fx = await createFixture();
    fx.llm.script(
      { reasoning: 'let me think', toolCalls: [{ id: 'c1', name: 'sleep', arguments: { seconds: 0 } }] },
      { text: 'done sleeping' },
    );
    const session = fx.manager.get('main');
    const rec = record(session);
    session.subscribe(() => {
      throw new Error('a broken listener');
    });
    const turn = session.enqueue({ content: 'please sleep', source: 'user' });
    expect(await turn.done).toMatchObject({ status: 'complete', content: 'done sleeping' });
    const types = rec.events.map((e) => e.type);
    for (const type of [
      'queued',
      'turn_start',
      'reasoning_delta',
      'tool_start',
      'tool_output',
      'tool_end',
      'message',
    ]) {
      expect(types).toContain(type);
    }
    expect(types.filter((t) => t === 'text_delta').length).toBeGreaterThan(1);
    expect(rec.events.filter(terminal)).toHaveLength(1);
    expect(types.at(-1)).toBe('turn_end');
    expect(rec.events.every((e) => e.session === 'main')).toBe(true);
    expect(rec.events.filter((e) => e.type === 'message')).toHaveLength(3); // assistant(call), tool, assistant
    const transcript = session.history(10);
    expect(transcript.map((h) => h.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(transcript[1]).toMatchObject({
      reasoning: 'let me think',
      toolCalls: [{ id: 'c1', name: 'sleep' }],
    });
    expect(transcript[2]).toMatchObject({ callId: 'c1', name: 'sleep', content: 'slept' });
    expect(transcript[3]?.reasoning).toBeUndefined();
  });

  it('ends a failing turn with one error event and keeps the session usable', async () => {
    fx = await createFixture();
    fx.llm.script({ error: 'auth', message: 'bad key', status: 401 }, { text: 'fine now' });
    const session = fx.manager.get('main');
    const rec = record(session);
    const failed = session.enqueue({ content: 'hi', source: 'user' });
    expect(await failed.done).toMatchObject({ status: 'error', code: 'llm_error' });
    expect(rec.events.filter(terminal)).toHaveLength(1);
    const ok = session.enqueue({ content: 'again', source: 'user' });
    expect(await ok.done).toMatchObject({ status: 'complete', content: 'fine now' });
    expect(rec.events.filter(terminal).map((e) => e.type)).toEqual(['error', 'turn_end']);
  });

  it('emits dialogue_ended once after turn_end, and the next message starts a new conversation', async () => {
    fx = await createFixture();
    fx.llm.script({ toolCalls: [{ name: 'end_conversation', arguments: {} }] }, { text: 'new topic' });
    const session = fx.manager.get('main');
    const rec = record(session);
    expect(await session.enqueue({ content: 'bye', source: 'user' }).done).toMatchObject({
      endConversation: true,
    });
    const types = rec.events.map((e) => e.type);
    expect(types.filter((t) => t === 'dialogue_ended')).toHaveLength(1);
    expect(types.indexOf('dialogue_ended')).toBe(types.indexOf('turn_end') + 1);
    expect(session.history(10).map((h) => h.role)).toEqual(['user', 'assistant', 'tool']);

    await session.enqueue({ content: 'hello again', source: 'user' }).done;
    const sent = fx.llm.calls[1]?.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(session.history(10).map((h) => h.content)).toEqual(['hello again', 'new topic']);
    const rows = fx.db.prepare('SELECT status FROM conversations ORDER BY rowid').all() as {
      status: string;
    }[];
    expect(rows.map((r) => r.status)).toEqual(['archived', 'active']);
  });

  it('ends turns queued at shutdown with an aborted error', async () => {
    fx = await createFixture();
    fx.llm.script({ stall: 'silent' });
    const session = fx.manager.get('main');
    const a = session.enqueue({ content: 'slow', source: 'user' });
    const b = session.enqueue({ content: 'queued', source: 'user' });
    await fx.llm.waitForCall(1);
    await fx.manager.close();
    expect(await a.done).toMatchObject({ status: 'error', code: 'aborted' });
    expect(await b.done).toMatchObject({ status: 'error', code: 'aborted' });
  });
});
