/**
 * The client frame parser loads on the first frame (frame-queue.ts): a connection's frames wait for
 * it in order, a failed load is reported to the client and tried again, and a frame that waited
 * while its socket closed does not bring the connection back into the hub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseClientFrame } from '../../src/protocol/parse-client-frame.js';
import { createFrameQueue } from '../../src/server/frame-queue.js';
import { loadOnce } from '../../src/util/load-once.js';
import { type Box, startBox } from './harness.js';

/** A parser loader whose loads wait for `release()`; `fail` makes the next load throw. */
function gatedParser() {
  let release: () => void = () => {};
  const state = { loads: 0, fail: false };
  const loader = loadOnce(async () => {
    state.loads++;
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    if (state.fail) throw new Error('missing chunk');
    return parseClientFrame;
  });
  return { loader, state, release: () => release() };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createFrameQueue', () => {
  it('runs the frames that came while the parser loaded in order, then later ones at once', async () => {
    const { loader, state, release } = gatedParser();
    const ran: string[] = [];
    const inOrder = createFrameQueue((error) => ran.push(`error ${error}`), loader);
    for (const name of ['a', 'b', 'c']) inOrder(() => ran.push(name));
    await expect.poll(() => state.loads).toBe(1);
    expect(ran).toEqual([]);
    release();
    await loader.load();
    await nextTurn();
    inOrder(() => ran.push('d'));
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(state.loads).toBe(1);
  });

  it('reports each waiting frame when the load fails, and loads again for the next frame', async () => {
    const { loader, state, release } = gatedParser();
    state.fail = true;
    const errors: string[] = [];
    const ran: string[] = [];
    const inOrder = createFrameQueue((error) => errors.push(String(error)), loader);
    inOrder(() => ran.push('a'));
    inOrder(() => ran.push('b'));
    await expect.poll(() => state.loads).toBe(1);
    release();
    // The second frame tries the load again, and fails too.
    await expect.poll(() => state.loads).toBe(2);
    release();
    await expect.poll(() => errors.length).toBe(2);
    expect(errors[0]).toContain('missing chunk');
    state.fail = false;
    inOrder(() => ran.push('c'));
    await expect.poll(() => state.loads).toBe(3);
    release();
    await expect.poll(() => ran).toEqual(['c']);
  });
});

describe('frames waiting for the parser on the server', () => {
  const token = 'frame-queue-token';
  const parser = gatedParser();
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { server: { token } }, server: { clientFrameParser: parser.loader } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('an auth frame that waited while its socket closed leaves no approver behind', async () => {
    const ws = new WebSocket(box.wsUrl, ['aibox.v1']);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await expect.poll(() => box.server.clients).toBe(1);
    ws.send(JSON.stringify({ type: 'auth', token }));
    await expect.poll(() => parser.state.loads).toBe(1);
    ws.close();
    await expect.poll(() => box.server.clients).toBe(0);
    parser.release();
    await parser.loader.load();
    await nextTurn();

    const abort = new AbortController();
    const request = {
      sessionId: 'main',
      turnId: 't1',
      callId: 'c1',
      tool: 'run_command',
      command: 'ls',
      reason: 'test',
    };
    const asked = box.app.approvals.ask(request, abort.signal);
    const outcome = await Promise.race([asked, nextTurn().then(() => 'still waiting for an approver')]);
    abort.abort();
    await asked;
    expect(outcome).toMatchObject({ approved: false, how: 'unattended' });
  });
});
