/**
 * DingTalk replies after the reply webhook expired: a real Aibox (scheduler on) over
 * dingtalk-stream to the fake DingTalk, whose webhooks refuse posts after their
 * `sessionWebhookExpiredTime`. Answers and task results then go through the robot OpenAPI
 * (`oToMessages/batchSend` to the person, `groupMessages/send` to a group, `sampleMarkdown`),
 * also to chats known only from the record of chats allowed senders used; a 5xx or an expired
 * access token does not stop the channel.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/tasks/build-schedule.js';
import type { FakeDingTalk } from '../../helpers/fake-dingtalk.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startDingTalkBox } from './dingtalk-box.js';

const DIRECT = `cid-${OWNER}`;
/** The webhook of a message that arrived hours ago. */
const expired = () => ({ webhookExpiresAt: Date.now() - 3 * 3_600_000 });

describe('DingTalk replies through the OpenAPI', () => {
  let dt: FakeDingTalk;
  let box: Box;

  beforeAll(async () => {
    ({ dt, box } = await startDingTalkBox({}, { thinking_notice_ms: 600_000 }, { scheduler: true }));
  });
  afterAll(async () => {
    await box?.close();
    await dt?.close();
  });

  const immediate = () => buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' });

  it('answers through the webhook while it is valid, and through batchSend once it has expired', async () => {
    box.llm.script({ text: 'fresh webhook answer' });
    dt.say(OWNER, 'first question');
    expect((await dt.waitForReply(DIRECT, 'fresh webhook answer')).via).toBe('webhook');

    box.llm.script({ text: 'answer after **expiry**' });
    dt.say(OWNER, 'second question', expired());
    const reply = await dt.waitForReply(DIRECT, 'answer after **expiry**');
    expect(reply).toMatchObject({ via: 'openapi', msgtype: 'sampleMarkdown', title: 'answer after expiry' });
  });

  it('sends through the OpenAPI when DingTalk refuses a webhook before its time', async () => {
    box.llm.script({ text: 'answer despite the ended session', delayMs: 100 });
    const { frameId } = dt.say(OWNER, 'a question');
    await dt.waitFor((e) => e.kind === 'ack' && e.messageId === frameId);
    dt.endSessions(); // while the model is still answering
    expect((await dt.waitForReply(DIRECT, 'answer despite the ended session')).via).toBe('openapi');
    expect(readFileSync(box.app.paths.log, 'utf8')).toContain(
      'the DingTalk reply webhook refused; sending through the OpenAPI',
    );
  });

  it('answers in a group through groupMessages/send once its webhook has expired', async () => {
    const group = 'cid-openapi-group';
    box.llm.script({ text: 'group answer via the OpenAPI' });
    dt.say(OWNER, 'question in the group', { chat: group, group: true, ...expired() });
    expect((await dt.waitForReply(group, 'group answer via the OpenAPI')).via).toBe('openapi');
  });

  it('posts a task result hours later to the chat it was set from', async () => {
    box.llm.script({ text: 'noted' });
    dt.say(OWNER, 'I will want a report', expired());
    await dt.waitForReply(DIRECT, 'noted');
    box.llm.script({ text: 'The nightly report is ready.' });
    const task = box.app.tasks.add({
      title: 'Nightly',
      content: 'make the report',
      schedule: immediate(),
      notify: `dingtalk:${DIRECT}`,
    });
    const posted = await dt.waitForReply(DIRECT, 'The nightly report is ready.');
    expect(posted.via).toBe('openapi');
    expect(posted.text).toContain(`Task #${task.id} "Nightly" finished`);
  });

  it('posts to chats known only from the record (a group, and a one-to-one chat by its staff id)', async () => {
    // What the record holds after a restart: chats allowed senders used, which the transport never saw.
    box.app.senders.rememberChat('dingtalk', 'cid-recorded-group', OWNER, false);
    box.app.senders.rememberChat('dingtalk', 'cid-recorded-direct', OWNER, true);
    box.llm.script({ text: 'for the recorded group' }, { text: 'for the recorded person' });
    box.app.tasks.add({
      title: 'ToGroup',
      content: 'x',
      schedule: immediate(),
      notify: 'dingtalk:cid-recorded-group',
    });
    expect((await dt.waitForReply('cid-recorded-group', 'for the recorded group')).via).toBe('openapi');
    box.app.tasks.add({
      title: 'ToPerson',
      content: 'y',
      schedule: immediate(),
      notify: 'dingtalk:cid-recorded-direct',
    });
    // batchSend addresses the person (the opener); the fake delivers to their one-to-one chat.
    expect((await dt.waitForReply(DIRECT, 'for the recorded person')).via).toBe('openapi');
  });

  it('keeps going after the OpenAPI answers 503 (the task result waits in the outbox) and after the token expired', async () => {
    dt.failOpenApi(503, 1);
    box.llm.script({ text: 'retried result' });
    box.app.tasks.add({ title: 'Flaky', content: 'z', schedule: immediate(), notify: `dingtalk:${DIRECT}` });
    await dt.waitFor((e) => e.kind === 'openapi-refused' && e.status === 503);
    await expect
      .poll(() => readFileSync(box.app.paths.log, 'utf8'))
      .toContain('the chat cannot be reached now; kept in the outbox');

    // Anything arriving from DingTalk says it is reachable again: the kept result goes out.
    box.llm.script({ text: 'back again' });
    dt.say(OWNER, 'ping', expired());
    expect((await dt.waitForReply(DIRECT, 'retried result')).via).toBe('openapi');
    await dt.waitForReply(DIRECT, 'back again');

    const tokens = dt.events.filter((e) => e.kind === 'token').length;
    dt.expireTokens();
    box.llm.script({ text: 'with a new token' });
    dt.say(OWNER, 'still there?', expired());
    await dt.waitForReply(DIRECT, 'with a new token');
    expect(dt.events.filter((e) => e.kind === 'token').length).toBe(tokens + 1);

    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('DingTalk robot/oToMessages/batchSend: HTTP 503 ServiceUnavailable');
    expect(log).not.toContain(dt.clientSecret);
  });
});
