/**
 * Streamed answers on QQ, end to end: with `markdown` set, a direct chat's answer grows in one C2C
 * stream reply (`/v2/users/{openid}/stream_messages`; the fake checks index, msg_seq,
 * stream_msg_id, the replace prefix and the 300 ms gap); a refused frame sends the answer whole
 * as one ordinary reply; a group's answer comes whole.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeQq } from '../../helpers/fake-qq.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startQqBox } from './qq-box.js';

const GROUP = 'GROUP0PENID00000000000000000001';

describe('QQ streamed answers', () => {
  let fake: FakeQq;
  let box: Box;

  beforeAll(async () => {
    ({ fake, box } = await startQqBox({}, {}, { markdown: true }));
  });
  afterAll(async () => {
    await box?.close();
    await fake?.close();
  });

  const log = () => readFileSync(box.app.paths.log, 'utf8');

  it('streams a direct answer in one stream reply: index 0, 1 …, one msg_seq, the stream id, done at the end', async () => {
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is **late** enough.', delayMs: 400 },
    );
    const msgId = fake.say(OWNER, 'what time is it?');
    const answer = await fake.waitForReply(OWNER, 'late');
    expect(answer.text).toBe('Checking the time.\n\nIt is **late** enough.');
    expect(answer.source).toBe(msgId);
    const stream = fake.streams.find((s) => s.chatId === OWNER && s.done);
    const frames = stream?.frames ?? [];
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => i));
    expect(frames[0].stream_msg_id).toBeUndefined();
    expect(frames.slice(1).every((f) => f.stream_msg_id === stream?.streamId)).toBe(true);
    expect(new Set(frames.map((f) => f.msg_seq)).size).toBe(1);
    expect(frames.every((f) => f.msg_id === msgId && f.event_id === msgId)).toBe(true);
    expect(frames.slice(0, -1).every((f) => f.input_state === 1)).toBe(true);
    expect(frames.at(-1).input_state).toBe(10);
    // The first frame goes out with the first text, before the answer is complete.
    expect(frames[0].content_raw.length).toBeGreaterThan(0);
    expect(answer.text.startsWith(frames[0].content_raw)).toBe(true);
    expect(frames[0].content_raw).not.toBe(answer.text);
    // One reply to the message, and no ordinary message besides the stream.
    expect(fake.replies.filter((r) => r.source === msgId)).toHaveLength(1);
  });

  it('sends the answer whole as one reply when the platform refuses a frame; the next answer streams again', async () => {
    box.llm.script(
      { text: 'first part.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'second part.', delayMs: 400 },
    );
    fake.refuseStreamFrames(40034999, 1);
    const msgId = fake.say(OWNER, 'take long');
    const whole = await fake.waitForReply(OWNER, 'second part.');
    expect(whole.source).toBe(msgId);
    expect(whole.body).toMatchObject({ msg_type: 2, markdown: { content: 'first part.\n\nsecond part.' } });
    await expect.poll(log).toContain('a QQ stream reply failed; the answer goes whole');
    expect(log()).toContain('40034999');

    box.llm.script({ text: 'streams again' });
    const next = fake.say(OWNER, 'and now?');
    const again = await fake.waitForReply(OWNER, 'streams again');
    expect(again.source).toBe(next);
    expect(again.body.input_state).toBe(10);
  });

  it('sends the answer whole when the first frame is refused or its answer names no usable stream id', async () => {
    const garbled = [{ id: 42 }, { id: '' }, { id: 'x'.repeat(5000) }, { nothing: true }, null];
    for (const [n, body] of [...garbled.map((b) => ({ answer: b })), { refuse: 40034998 }].entries()) {
      box.llm.script({ text: `whole answer ${n}` });
      if ('refuse' in body) fake.refuseStreamFrames(body.refuse);
      else fake.answerStreams(body.answer);
      const msgId = fake.say(OWNER, `hostile ${n}`);
      const whole = await fake.waitForReply(OWNER, `whole answer ${n}`);
      expect(whole.source).toBe(msgId);
      expect(whole.body).toMatchObject({ msg_type: 2, markdown: { content: `whole answer ${n}` } });
    }
    expect(log()).toContain('the answer names no stream id');
  });

  it('answers a group @-mention whole, without a stream', async () => {
    box.llm.script({ text: 'group answer' });
    const msgId = fake.say(OWNER, ' hello group', { group: GROUP });
    const answer = await fake.waitForReply(`g-${GROUP}`, 'group answer');
    expect(answer.source).toBe(msgId);
    expect(answer.body).toMatchObject({ msg_type: 2, markdown: { content: 'group answer' } });
    expect(fake.streams.some((s) => s.chatId === `g-${GROUP}`)).toBe(false);
  });
});
