/**
 * Bounded sessions and queues (issue 9, finding 10): frames naming unknown sessions do
 * not grow memory without end (idle sessions are evicted, least recently used first;
 * busy ones and ones with clients attached never), and a session's queue is bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connect, connectReady, startBox } from './harness.js';

describe('session and queue limits', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { server: { max_sessions: 4, max_queued_turns: 2 } } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('holds at most max_sessions after frames naming 2,000 unknown sessions', async () => {
    const c = await connectReady(box.wsUrl);
    for (let i = 0; i < 2000; i++) c.send({ type: 'abort', session: `ghost-${i}` });
    c.send({ type: 'ping' });
    await c.waitType('pong', { timeoutMs: 20_000 });
    expect(c.ofType('info').filter((f) => String(f.content).includes('ghost-')).length).toBe(2000);
    expect(box.app.sessions.ids().length).toBeLessThanOrEqual(4);
    expect(box.app.sessions.ids()).toContain('main'); // attached to the client: never evicted
    c.close();
  });

  it('refuses a turn past max_queued_turns with a queue_full error frame', async () => {
    box.llm.script({ stall: 'mid-stream' });
    const c = await connectReady(`${box.wsUrl}/?session=queue`);
    c.send({ type: 'message', content: 'first', id: 'm1' });
    await box.llm.waitForRequest(box.llm.requests.length + 1);
    c.send({ type: 'message', content: 'second', id: 'm2' });
    c.send({ type: 'message', content: 'third', id: 'm3' });
    c.send({ type: 'message', content: 'fourth', id: 'm4' });
    const refused = await c.waitFor((f) => f.type === 'error' && f.code === 'queue_full');
    expect(refused.id).toBe('m4');
    expect(String(refused.content)).toContain('2');
    expect(c.ofType('queued').map((f) => f.id)).toEqual(['m1', 'm2', 'm3']);
    c.send({ type: 'abort' });
    await c.waitFor(() => c.ofType('complete').length === 2);
    c.close();
  });

  it('refuses a new session with too_many_sessions when every held one is busy or attached', async () => {
    box.llm.script({ stall: 'mid-stream' }, { stall: 'mid-stream' }, { stall: 'mid-stream' });
    const clients = [];
    for (const name of ['s1', 's2', 's3']) {
      const c = await connectReady(`${box.wsUrl}/?session=${name}`);
      c.send({ type: 'message', content: 'work' });
      await box.llm.waitForRequest(box.llm.requests.length + 1);
      clients.push(c);
    }
    const main = await connectReady(box.wsUrl); // the fourth held session: attached
    main.send({ type: 'message', content: 'hello', session: 'one-too-many', id: 'x' });
    const refused = await main.waitFor((f) => f.type === 'error' && f.code === 'too_many_sessions');
    expect(refused.id).toBe('x');
    expect(String(refused.content)).toContain('4');
    expect(box.app.sessions.ids()).not.toContain('one-too-many');
    const late = await connect(`${box.wsUrl}/?session=also-new`);
    expect((await late.closed).code).toBe(1013);
    expect(late.frames[0]).toMatchObject({ type: 'error', code: 'too_many_sessions' });
    for (const c of clients) {
      c.send({ type: 'abort' });
      c.close();
    }
    main.close();
  });
});
