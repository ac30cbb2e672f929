/**
 * A scheduled task's result for a QQ chat nobody has written in lately: QQ takes no active
 * messages, so the result waits in the outbox and goes out as a reply to the chat's next message
 * (before that message's own answer).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/tasks/build-schedule.js';
import type { FakeQq } from '../../helpers/fake-qq.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startQqBox } from './qq-box.js';

describe('QQ and scheduled tasks', () => {
  let fake: FakeQq;
  let box: Box;

  beforeAll(async () => {
    ({ fake, box } = await startQqBox({}, {}, {}, { scheduler: true }));
  });
  afterAll(async () => {
    await box?.close();
    await fake?.close();
  });

  it('keeps a result while the chat has no message to answer, and posts it as a reply to the next one', async () => {
    box.llm.script({ text: 'the report is ready' });
    const schedule = buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' });
    box.app.tasks.add({ title: 'Report', schedule, notify: `qq:${OWNER}` });
    await expect.poll(() => readFileSync(box.app.paths.log, 'utf8')).toContain('no message of chat');
    expect(fake.replies).toHaveLength(0);

    box.llm.script({ text: 'hello back' });
    const msgId = fake.say(OWNER, 'hello');
    const result = await fake.waitForReply(OWNER, 'the report is ready');
    expect(result.text).toMatch(/^\(Held until now: .*\)\n\n⏰ Task #\d+ "Report" finished/);
    expect(result.source).toBe(msgId);
    const answer = await fake.waitForReply(OWNER, 'hello back');
    expect(answer.source).toBe(msgId);
    expect(answer.text).toBe('hello back'); // only the first message after the wait says so
  });
});
