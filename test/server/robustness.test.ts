/** Bad frames, random frames, oversize frames and slow clients never hurt the server or other clients. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, startBox } from './harness.js';

describe('server robustness', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({
      config: { server: { max_frame_bytes: 64 * 1024, max_buffered_bytes: 256 * 1024 } },
    });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('answers each malformed frame with a bad_request that says what was wrong, and stays open', async () => {
    const c = await connectReady(box.wsUrl);
    const cases: [unknown, RegExp][] = [
      ['this is not json', /JSON/],
      ['[1,2,3]', /array/],
      ['"a string"', /string/],
      ['null', /null/],
      ['{"content":"no type"}', /"type"/],
      [{ type: 'teleport' }, /teleport/],
      [{ type: 'message', content: 42 }, /content/],
      [{ type: 'message', content: '   ' }, /empty/],
      [{ type: 'message', content: 'x', session: '../etc' }, /session/],
      [{ type: 'command', command: 'help' }, /\//],
      [{ type: 'approval', approval_id: 'a', decision: 'maybe' }, /decision/],
      [{ type: 'task', action: 'explode' }, /action/],
      [{ type: 'task', action: 'add', title: 7 }, /title/],
    ];
    for (const [frame, pattern] of cases) {
      const from = c.frames.length;
      c.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
      const error = await c.waitType('error', { from });
      expect(error.code, JSON.stringify(frame)).toBe('bad_request');
      expect(String(error.content), JSON.stringify(frame)).toMatch(pattern);
    }
    const from = c.frames.length;
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(String((await c.waitType('error', { from })).content)).toMatch(/[Bb]inary|二进制/);
    c.send({ type: 'ping' });
    await c.waitType('pong', { from });
    c.close();
  });

  it('closes a connection that sends an oversize frame with 1009', async () => {
    const c = await connectReady(box.wsUrl);
    c.send({ type: 'message', content: 'x'.repeat(70 * 1024) });
    expect((await c.closed).code).toBe(1009);
  });

  it('survives 1,000 random frames while serving another client', async () => {
    const fuzz = await connectReady(`${box.wsUrl}/?session=fuzz`);
    const other = await connectReady(`${box.wsUrl}/?session=calm`);
    box.llm.script({ text: 'calm answer' });
    other.send({ type: 'message', content: 'are you still there?' });
    let rnd = 12345;
    const random = () => {
      rnd = (rnd * 1103515245 + 12345) & 0x7fffffff;
      return rnd / 0x7fffffff;
    };
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const value = (depth = 0): unknown =>
      pick<() => unknown>([
        () => Math.floor(random() * 1e6) - 5e5,
        () => random() > 0.5,
        () => null,
        () => 'x'.repeat(Math.floor(random() * 20)),
        () => (depth < 2 ? [value(depth + 1), value(depth + 1)] : []),
        () => (depth < 2 ? { a: value(depth + 1) } : {}),
      ])();
    const types = ['message', 'command', 'task', 'abort', 'approval', 'auth', 'bogus', '', 'ping'];
    let invalid = 0;
    for (let i = 0; i < 1000; i++) {
      const kind = random();
      if (kind < 0.15) {
        invalid++;
        fuzz.send(`{${'['.repeat(Math.floor(random() * 5))}garbage ${i}`);
      } else if (kind < 0.3) {
        invalid++;
        fuzz.send(JSON.stringify([value(), value()]));
      } else {
        const frame: Record<string, unknown> = { type: pick(types) };
        for (const key of [
          'content',
          'command',
          'action',
          'session',
          'token',
          'approval_id',
          'task_id',
          'decision',
        ]) {
          if (random() < 0.4) frame[key] = value();
        }
        if (frame.type === 'bogus' || frame.type === '') invalid++;
        fuzz.send(JSON.stringify(frame));
      }
    }
    fuzz.send({ type: 'ping' });
    await fuzz.waitFor(
      (f) => f.type === 'pong' && fuzz.frames.filter((x) => x.type === 'error').length >= invalid,
      {
        timeoutMs: 20_000,
      },
    );
    expect(fuzz.ws.readyState).toBe(fuzz.ws.OPEN);
    expect((await other.waitType('complete')).content).toBe('calm answer');
    fuzz.close();
    other.close();
  });
});

describe('server back-pressure', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({
      // The flood below is a 10 MiB reply: above the default reply cap.
      config: { server: { max_buffered_bytes: 1024 * 1024 }, agent: { max_reply_chars: 11_000_000 } },
    });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('closes a client that stops reading (1013) while the others keep receiving', async () => {
    const fast = await connectReady(`${box.wsUrl}/?session=flood`);
    const slow = await connectReady(`${box.wsUrl}/?session=flood`);
    const socket = (slow.ws as unknown as { _socket: import('node:net').Socket })._socket;
    socket.pause();
    const piece = 'y'.repeat(16 * 1024);
    box.llm.script({ text: piece.repeat(640), chunkChars: piece.length });
    fast.send({ type: 'message', content: 'flood me' });
    const done = await fast.waitType('complete', { timeoutMs: 60_000 });
    expect(String(done.content).length).toBe(piece.length * 640);
    socket.resume();
    expect((await slow.closed).code).toBe(1013);
    fast.close();
  });
});
