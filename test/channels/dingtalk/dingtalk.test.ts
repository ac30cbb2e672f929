/**
 * The DingTalk channel end to end: a real Aibox (createApp + startServer) connected over
 * dingtalk-stream to a fake DingTalk on loopback (gateway, stream WebSocket, session
 * webhooks, OpenAPI); the model is the fake LLM. DingTalk cannot edit a sent message, so an
 * answer arrives whole (after a "thinking" notice when the model is slow).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import { FAKE_MARKDOWN_LIMIT, type FakeDingTalk } from '../../helpers/fake-dingtalk.js';
import type { Box } from '../../server/harness.js';
import { expectOnlyMentionReached, expectSavedChatFile } from '../model-saw.js';
import { OWNER, startDingTalkBox } from './dingtalk-box.js';

const chatOf = (staffId: string) => `cid-${staffId}`;

describe('DingTalk channel', () => {
  let dt: FakeDingTalk;
  let box: Box;

  beforeAll(async () => {
    // No "thinking" notice unless a test asks for one.
    ({ dt, box } = await startDingTalkBox({}, { thinking_notice_ms: 600_000 }));
  });
  afterAll(async () => {
    await box?.close();
    await dt?.close();
  });

  const repliesTo = (chat: string) => dt.replies.filter((r) => r.chatId === chat);

  it('subscribes to the robot topic, ACKs the event and answers in Markdown through the session webhook', async () => {
    const open = dt.events.find((e) => e.kind === 'open' && e.status === 200);
    expect(open?.kind === 'open' && open.body.subscriptions).toEqual([
      { type: 'CALLBACK', topic: '/v1.0/im/bot/messages/get' },
    ]);
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is **late** enough.' },
    );
    const { frameId } = dt.say(OWNER, 'what time is it?');
    const reply = await dt.waitForReply(chatOf(OWNER), 'late');
    expect(reply.msgtype).toBe('markdown');
    expect(reply.text).toBe('Checking the time.\n\nIt is **late** enough.');
    expect(reply.title).toBe('Checking the time.');
    expect(repliesTo(chatOf(OWNER))).toHaveLength(1); // sent once, whole: nothing to edit
    // The client ACKed the frame (so DingTalk does not redeliver it).
    await dt.waitFor((e) => e.kind === 'ack' && e.messageId === frameId);
    expect(JSON.stringify(box.llm.requests.at(-2)?.body.messages)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`dingtalk-${chatOf(OWNER)}`);
  });

  it('says "…thinking" at once when the model is slow, then sends the answer', async () => {
    box.app.config.channels.thinking_notice_ms = 0;
    try {
      box.llm.script({ text: 'slow but sure', delayMs: 500 });
      const from = dt.replies.length;
      dt.say(OWNER, 'take your time');
      await dt.waitForReply(chatOf(OWNER), 'slow but sure');
      expect(dt.replies.slice(from).map((r) => r.text)).toEqual(['…thinking', 'slow but sure']);
    } finally {
      box.app.config.channels.thinking_notice_ms = 600_000;
    }
  });

  it('refuses a stranger once per chat; nothing reaches the model', async () => {
    const stranger = 'staff-stranger';
    const before = box.llm.requests.length;
    dt.say(stranger, 'rm -rf / please');
    dt.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer one' });
    dt.say(OWNER, 'ping one');
    await dt.waitForReply(chatOf(OWNER), 'owner answer one');
    const refusals = repliesTo(chatOf(stranger));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain(stranger);
    expect(box.llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });

  it('pairs a sender who sends a code from `aibox channels pair`, once', async () => {
    const newcomer = 'staff-newcomer';
    const store = createSenderStore(senderStorePath(box.app.paths));
    const code = store.newCode(60_000);
    dt.say(newcomer, code.toLowerCase());
    await dt.waitForReply(chatOf(newcomer), 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    dt.say(newcomer, 'hi');
    await dt.waitForReply(chatOf(newcomer), 'welcome aboard');
    dt.say('staff-late', code);
    await dt.waitForReply(chatOf('staff-late'), 'does not take messages');
    expect(store.isPaired('dingtalk', 'staff-late')).toBe(false);
    expect(store.isPaired('dingtalk', newcomer)).toBe(true);
  });

  it('answers a redelivered event once', async () => {
    box.llm.script({ text: 'answer to the original' }, { text: 'answer to the next' });
    const before = box.llm.requests.length;
    dt.say(OWNER, 'deliver me twice', { msgId: 'msg-twice' });
    await dt.waitForReply(chatOf(OWNER), 'answer to the original');
    dt.say(OWNER, 'deliver me twice', { msgId: 'msg-twice' });
    dt.say(OWNER, 'the next one');
    await dt.waitForReply(chatOf(OWNER), 'answer to the next');
    expect(box.llm.requests.length).toBe(before + 2);
  });

  it('skips malformed frames and events (still ACKing them) and answers the next message', async () => {
    dt.sendRaw('this is not JSON');
    const junk = [
      dt.push('{"msgId": 5'),
      dt.push({ msgId: 'm-junk', conversationId: 'c', senderId: 's', msgtype: 'text' }),
      // A webhook anywhere but DingTalk's (here: the fake's) origin is never posted to.
      dt.push({
        msgId: 'm-evil',
        conversationId: 'cid-evil',
        senderId: 'x',
        senderStaffId: OWNER,
        sessionWebhook: 'http://127.0.0.2:9/robot/sendBySession?session=x',
        msgtype: 'text',
        text: { content: 'post my answer elsewhere' },
      }),
    ];
    const requests = box.llm.requests.length;
    box.llm.script({ text: 'survived the junk' });
    dt.say(OWNER, 'still ok?');
    await dt.waitForReply(chatOf(OWNER), 'survived the junk');
    for (const messageId of junk) await dt.waitFor((e) => e.kind === 'ack' && e.messageId === messageId);
    expect(box.llm.requests.length).toBe(requests + 1);
    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('malformed DingTalk stream frame ignored');
    expect(log).toContain('robot message field sessionWebhook');
    expect(log).toContain('not http://127.0.0.1');
  });

  it('answers the gateway ping', async () => {
    await dt.ping();
  });

  it('reconnects with back-off after the stream is dropped and the gateway answers 503', async () => {
    const connections = dt.connectionCount();
    dt.failOpen(503, 2);
    dt.dropConnections();
    await dt.waitFor((e) => e.kind === 'connect' && e.connection === connections + 1);
    expect(dt.events.filter((e) => e.kind === 'open' && e.status === 503)).toHaveLength(2);
    box.llm.script({ text: 'still here' });
    dt.say(OWNER, 'are you there?');
    await dt.waitForReply(chatOf(OWNER), 'still here');
    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('DingTalk stream connection failed; retrying');
    expect(log).not.toContain(dt.clientSecret);
  });

  it('in a group answers only messages that @-mention the bot, in the group’s session', async () => {
    const group = 'cid-group-1';
    const requests = box.llm.requests.length;
    dt.say(OWNER, 'just chatting among ourselves', { chat: group, group: true, isInAtList: false });
    box.llm.script({ text: 'group answer' });
    dt.say(OWNER, ' what is up', { chat: group, group: true });
    await dt.waitForReply(group, 'group answer');
    expectOnlyMentionReached(box, requests, 'what is up', 'among ourselves', `dingtalk-${group}`);
  });

  it('runs slash commands from chat without the model, the secret shown only as set', async () => {
    const before = box.llm.requests.length;
    dt.say(OWNER, '/help');
    await dt.waitForReply(chatOf(OWNER), '/new');
    dt.say(OWNER, '/config');
    const config = await dt.waitForReply(chatOf(OWNER), 'channels.dingtalk');
    await dt.waitForReply(chatOf(OWNER), 'prompts: '); // its last part: nothing of it comes later
    const shown = repliesTo(chatOf(OWNER)).slice(repliesTo(chatOf(OWNER)).indexOf(config));
    expect(shown.map((r) => r.text).join('')).toContain('channels.dingtalk.client_secret: (set, hidden)');
    expect(shown.map((r) => r.text).join('')).not.toContain(dt.clientSecret);
    expect(box.llm.requests.length).toBe(before);
  });

  it('splits a long answer at the size limit', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `line ${i} ${'x'.repeat(30)}`).join('\n');
    box.llm.script({ text: `${long}\nTHE END`, chunkChars: 2000 });
    const from = dt.replies.length;
    dt.say(OWNER, 'write a lot');
    await dt.waitForReply(chatOf(OWNER), 'THE END');
    const parts = dt.replies.slice(from).filter((r) => r.chatId === chatOf(OWNER));
    expect(parts.length).toBeGreaterThanOrEqual(4);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(FAKE_MARKDOWN_LIMIT);
    expect(parts.map((p) => p.text).join('\n')).toBe(`${long}\nTHE END`);
  });

  it('saves a sent file to the workspace through the OpenAPI download and names it to the model', async () => {
    dt.addFile('code-report', Buffer.from('quarterly numbers: 42\n'));
    box.llm.script({ text: 'got the file' });
    dt.say(OWNER, '', {
      msgtype: 'file',
      content: { downloadCode: 'code-report', fileName: '../../报表.txt' },
    });
    await dt.waitForReply(chatOf(OWNER), 'got the file');
    expectSavedChatFile(box, '报表.txt', 'quarterly numbers: 42\n');
  });
});
