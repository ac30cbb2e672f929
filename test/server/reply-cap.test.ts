/**
 * An endless model reply (issue 9, finding 5) is cut at `agent.max_reply_chars`: the turn
 * ends with a clear error, the partial reply is stored truncated with a note, and later
 * `history` frames carry at most the cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, connectReady, startBox } from './harness.js';

const CAP = 2000;

describe('reply size cap in a session', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { agent: { max_reply_chars: CAP } } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('ends the turn with too_long and stores at most the cap, with a note', async () => {
    box.llm.script({ endless: 'content' });
    const c = await connectReady(`${box.wsUrl}/?session=endless`);
    c.send({ type: 'message', content: 'never stop' });
    const error = await c.waitFor((f) => f.type === 'error' && f.turn_id !== undefined);
    expect(error.code).toBe('llm_error');
    expect(String(error.content)).toContain(String(CAP));
    await box.llm.waitForClosed(1);
    c.close();

    const again = await connectReady(`${box.wsUrl}/?session=endless`);
    const history = again.ofType('history')[0]?.messages as { role: string; content: string }[];
    const reply = history.find((m) => m.role === 'assistant');
    expect(reply).toBeDefined();
    expect(reply?.content.length).toBeLessThanOrEqual(CAP + 200);
    expect(reply?.content).toMatch(/truncated/);
    again.close();
  });
});
