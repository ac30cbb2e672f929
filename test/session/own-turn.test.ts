import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.js';
import { enqueueOwnTurn } from '../../src/session/own-turn.js';
import type { Session, SessionEvent } from '../../src/session/types.js';
import { createFixture, type Fixture, gate } from './fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('enqueueOwnTurn', () => {
  it("passes on its own turn's events only, including those sent before enqueue returned", async () => {
    fx = await createFixture();
    const hold = gate();
    fx.llm.script(
      async () => {
        await hold.promise;
        return { text: 'theirs' };
      },
      { text: 'mine' },
    );
    const session = fx.manager.get('main');
    const other = session.enqueue({ content: 'someone else', source: 'user' });
    await fx.llm.waitForCall(1);
    const seen: SessionEvent[] = [];
    const own = enqueueOwnTurn(session, { content: 'me', source: 'user' }, (e) => seen.push(e));
    hold.open();
    await other.done;
    expect(await own.done).toMatchObject({ status: 'complete', content: 'mine' });
    expect(seen.map((e) => e.type).slice(0, 2)).toEqual(['queued', 'turn_start']);
    expect(seen.at(-1)?.type).toBe('turn_end');
    expect(seen.every((e) => 'turnId' in e && e.turnId === own.turnId)).toBe(true);
  });

  it('a turn that starts at once: its first events arrive before the id is known and are not lost', async () => {
    fx = await createFixture();
    const session = fx.manager.get('main');
    const seen: SessionEvent[] = [];
    const own = enqueueOwnTurn(session, { content: 'now', source: 'user' }, (e) => seen.push(e));
    // `queued` was emitted inside enqueue, before the id was returned.
    expect(seen.map((e) => e.type)).toEqual(['queued']);
    await own.done;
    expect(seen.map((e) => e.type).slice(0, 2)).toEqual(['queued', 'turn_start']);
    expect(seen.map((e) => e.type)).toContain('turn_end');
  });

  it('session-wide events (no turn id) only when asked for', async () => {
    fx = await createFixture();
    const session = fx.manager.get('main');
    const withSession: string[] = [];
    const without: string[] = [];
    fx.llm.script({ text: 'a' }, { text: 'b' });
    const a = enqueueOwnTurn(session, { content: '1', source: 'user' }, (e) => withSession.push(e.type), {
      sessionEvents: true,
    });
    const b = enqueueOwnTurn(session, { content: '2', source: 'user' }, (e) => without.push(e.type));
    const reset = session.reset(); // dialogue_reset while both listeners are still subscribed
    await Promise.all([a.done, b.done, reset]);
    expect(withSession).toContain('dialogue_reset');
    expect(without).not.toContain('dialogue_reset');
  });

  it('a refused turn (queue full) leaves no listener behind', () => {
    const listeners = new Set<(event: SessionEvent) => void>();
    const refusing: Pick<Session, 'subscribe' | 'enqueue'> = {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      enqueue() {
        throw new AppError('queue_full', 'too many turns wait');
      },
    };
    expect(() => enqueueOwnTurn(refusing, { content: 'x', source: 'user' }, () => {})).toThrow(
      'too many turns wait',
    );
    expect(listeners.size).toBe(0);
  });
});
