/**
 * The QQ channel end to end: a real Aibox (createApp + startServer) connected over its own
 * gateway client to a fake QQ bot platform on loopback (token, OpenAPI, WebSocket gateway); the
 * model is the fake LLM. Answers are passive replies: each names the user's msg_id and a msg_seq
 * of its own, and arrives whole (QQ cannot edit a sent message).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import type { FakeQq, FakeQqEvent } from '../../helpers/fake-qq.js';
import type { Box } from '../../server/harness.js';
import { expectOnlyMentionReached, expectSavedChatFile } from '../model-saw.js';
import { OWNER, startQqBox } from './qq-box.js';

const openid = (n: number) => `USER${String(n).padStart(28, '0')}`;

describe('QQ channel', () => {
  let fake: FakeQq;
  let box: Box;

  beforeAll(async () => {
    ({ fake, box } = await startQqBox());
  });
  afterAll(async () => {
    await box?.close();
    await fake?.close();
  });

  const repliesTo = (chat: string) => fake.replies.filter((r) => r.chatId === chat);
  const log = () => readFileSync(box.app.paths.log, 'utf8');
  const nextConnection = () => fake.connectionCount() + 1;

  it('identifies with the group-and-C2C intent and a QQBot token, and heartbeats with the last seq', async () => {
    const identify = fake.events.find((e) => e.kind === 'identify') as Extract<
      FakeQqEvent,
      { kind: 'identify' }
    >;
    expect(identify.d.intents).toBe(1 << 25);
    expect(identify.d.shard).toEqual([0, 1]);
    expect(identify.d.token).toMatch(/^QQBot [\w-]+$/);
    const s = fake.dispatch('FRIEND_ADD', { timestamp: 1, openid: openid(99) });
    await fake.waitFor((e) => e.kind === 'heartbeat' && e.seq === s);
  });

  it('answers a direct message as a passive reply with its msg_id and msg_seq 1', async () => {
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is **late** enough.' },
    );
    const msgId = fake.say(OWNER, 'what time is it?');
    const reply = await fake.waitForReply(OWNER, 'late');
    expect(reply.body).toMatchObject({ msg_type: 0, msg_id: msgId, msg_seq: 1 });
    expect(reply.text).toBe('Checking the time.\n\nIt is **late** enough.');
    expect(repliesTo(OWNER)).toHaveLength(1);
    expect(JSON.stringify(box.llm.requests.at(-2)?.body.messages)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`qq-${OWNER}`);
  });

  it('splits a long answer into replies to the same msg_id, each with its own msg_seq', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `line ${i} ${'x'.repeat(30)}`).join('\n');
    box.llm.script({ text: `${long}\nTHE END`, chunkChars: 1000 });
    const from = fake.replies.length;
    const msgId = fake.say(OWNER, 'write a lot');
    await fake.waitForReply(OWNER, 'THE END');
    const parts = fake.replies.slice(from);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.map((p) => p.seq)).toEqual(parts.map((_, i) => i + 1));
    for (const part of parts) expect(part.source).toBe(msgId);
    expect(parts.map((p) => p.text).join('\n')).toBe(`${long}\nTHE END`);
  });

  it('in a group answers the @-mention in the group’s session, as a reply to that message', async () => {
    const group = 'GROUP00000000000000000000000001';
    const requests = box.llm.requests.length;
    box.llm.script({ text: 'group answer' });
    const msgId = fake.say(OWNER, ' what is up', { group });
    const reply = await fake.waitForReply(`g-${group}`, 'group answer');
    expect(reply.body).toMatchObject({ msg_id: msgId, msg_seq: 1 });
    expectOnlyMentionReached(box, requests, 'what is up', 'nothing else', `qq-g-${group}`);
  });

  it('refuses a stranger once per chat; nothing reaches the model', async () => {
    const stranger = openid(1);
    const before = box.llm.requests.length;
    fake.say(stranger, 'rm -rf / please');
    fake.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer one' });
    fake.say(OWNER, 'ping one');
    await fake.waitForReply(OWNER, 'owner answer one');
    const refusals = repliesTo(stranger);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain(stranger);
    expect(box.llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });

  it('pairs a sender who sends a code from `aibox channels pair`, once', async () => {
    const newcomer = openid(2);
    const store = createSenderStore(senderStorePath(box.app.paths));
    const code = store.newCode(60_000);
    fake.say(newcomer, code.toLowerCase());
    await fake.waitForReply(newcomer, 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    fake.say(newcomer, 'hi');
    await fake.waitForReply(newcomer, 'welcome aboard');
    fake.say(openid(3), code);
    await fake.waitForReply(openid(3), 'does not take messages');
    expect(store.isPaired('qq', openid(3))).toBe(false);
    expect(store.isPaired('qq', newcomer)).toBe(true);
  });

  it('resumes after a dropped socket with session_id and seq, and gets what was sent meanwhile', async () => {
    const ready = fake.events.findLast((e) => e.kind === 'ready') as Extract<FakeQqEvent, { kind: 'ready' }>;
    const connection = nextConnection();
    fake.dropConnections();
    box.llm.script({ text: 'got it after the drop' });
    const s = fake.dispatch('GROUP_MSG_RECEIVE', { timestamp: 1, group_openid: 'G1' });
    fake.say(OWNER, 'sent while you were away');
    const resume = (await fake.waitFor((e) => e.kind === 'resume' && e.connection >= connection)) as Extract<
      FakeQqEvent,
      { kind: 'resume' }
    >;
    expect(resume.d.session_id).toBe(ready.sessionId);
    expect(resume.d.seq).toBeLessThan(s);
    await fake.waitForReply(OWNER, 'got it after the drop');
    expect(fake.events.filter((e) => e.kind === 'identify' && e.connection >= connection)).toHaveLength(0);
  });

  it('resumes when the platform asks to reconnect (op 7)', async () => {
    const connection = nextConnection();
    fake.sendOp(7);
    await fake.waitFor((e) => e.kind === 'resumed' && e.connection >= connection);
  });

  it('identifies afresh after Invalid Session (op 9)', async () => {
    const connection = nextConnection();
    fake.sendOp(9, false);
    await fake.waitFor((e) => e.kind === 'ready' && e.connection >= connection);
    expect(fake.events.filter((e) => e.kind === 'resume' && e.connection >= connection)).toHaveLength(0);
    box.llm.script({ text: 'fresh session works' });
    fake.say(OWNER, 'still there?');
    await fake.waitForReply(OWNER, 'fresh session works');
  });

  it('reconnects a socket whose heartbeats go unanswered', async () => {
    const connection = nextConnection();
    fake.stopAcking();
    await fake.waitFor((e) => e.kind === 'resumed' && e.connection >= connection);
    expect(log()).toContain('QQ gateway heartbeat not answered; reconnecting');
  });

  it('drops a frame over the size limit by closing the socket, then identifies afresh', async () => {
    const connection = nextConnection();
    fake.sendRaw(`{"op":0,"t":"C2C_MESSAGE_CREATE","d":"${'x'.repeat(4 * 1024 * 1024)}"}`);
    await fake.waitFor((e) => e.kind === 'ready' && e.connection >= connection);
    expect(log()).toContain('QQ gateway frame over the size limit; identifying afresh');
  });

  it('logs a ban (close 4915) as an error and retries at the longest back-off', async () => {
    const connection = nextConnection();
    fake.closeConnections(4915);
    await fake.waitFor((e) => e.kind === 'ready' && e.connection >= connection);
    expect(log()).toContain('the bot is taken down or banned');
  });

  it('fetches a new token when the platform refuses the old one, and retries the call', async () => {
    const tokens = fake.tokenCount();
    fake.expireTokens();
    box.llm.script({ text: 'answer with a new token' });
    fake.say(OWNER, 'after the token expired');
    await fake.waitForReply(OWNER, 'answer with a new token');
    expect(fake.tokenCount()).toBe(tokens + 1);
    expect(fake.events.some((e) => e.kind === 'unauthorized')).toBe(true);
  });

  it('asks for a new token inside the last minute of the old one’s life', async () => {
    fake.setTokenLifetime(40); // under the 50 s margin: every call asks for a fresh one
    try {
      fake.expireTokens();
      box.llm.script({ text: 'one' }, { text: 'two' });
      fake.say(OWNER, 'first');
      await fake.waitForReply(OWNER, 'one');
      const tokens = fake.tokenCount();
      fake.say(OWNER, 'second');
      await fake.waitForReply(OWNER, 'two');
      expect(fake.tokenCount()).toBeGreaterThan(tokens);
    } finally {
      fake.setTokenLifetime(7200);
    }
  });

  it('keeps what exceeds the 5 replies a chat may still send and sends it as a reply to its next message', async () => {
    // A group of its own: no earlier message of this chat may still be answered.
    const group = 'GROUP00000000000000000000000005';
    const chat = `g-${group}`;
    const long = Array.from({ length: 400 }, (_, i) => `row ${i} ${'y'.repeat(30)}`).join('\n');
    box.llm.script({ text: `${long}\nLAST ROW`, chunkChars: 4000 }, { text: 'short one' });
    const first = fake.say(OWNER, 'write very much', { group });
    await fake.waitFor((e) => e.kind === 'reply' && e.reply.source === first && e.reply.seq === 5);
    await expect.poll(() => log().includes('kept in the outbox')).toBe(true);
    expect(repliesTo(chat)).toHaveLength(5);
    const second = fake.say(OWNER, 'and now?', { group });
    const rest = await fake.waitForReply(chat, 'LAST ROW');
    expect(rest.source).toBe(second);
    // The first of them says it was held (in the language the chat writes in).
    const firstHeld = repliesTo(chat).find((r) => r.source === second);
    expect(firstHeld?.text).toMatch(/^\(Held until now: QQ lets a bot answer only within a time limit/);
    await fake.waitForReply(chat, 'short one');
    const rows = repliesTo(chat).flatMap((r) => r.text.split('\n').filter((line) => line.startsWith('row ')));
    expect(rows).toEqual(long.split('\n'));
  });

  it('saves a sent picture within the size limit and names it to the model', async () => {
    fake.addFile('report.txt', Buffer.from('quarterly numbers: 42\n'));
    box.llm.script({ text: 'got the file' });
    fake.say(OWNER, '', {
      attachments: [
        {
          content_type: 'file',
          filename: '../../报表.txt',
          size: 22,
          url: `${fake.apiRoot}/files/report.txt`,
        },
        // Not the platform's media host scheme: never fetched.
        { content_type: 'image/png', filename: 'x.png', url: 'file:///etc/passwd' },
      ],
    });
    await fake.waitForReply(OWNER, 'got the file');
    expectSavedChatFile(box, '报表.txt', 'quarterly numbers: 42\n');
    expect(fake.events.filter((e) => e.kind === 'download')).toHaveLength(1);
  });

  it('skips hostile frames and events (bad JSON, unknown op and event, wrong fields) and carries on', async () => {
    fake.sendRaw('this is not JSON');
    fake.sendRaw('[1,2,3]');
    fake.sendOp(42, { what: 'ever' });
    fake.dispatch('SOMETHING_NEW', { x: 1 });
    fake.dispatch('C2C_MESSAGE_CREATE', { id: 'm1', author: { user_openid: '../../etc' }, content: 'hi' });
    fake.dispatch('GROUP_AT_MESSAGE_CREATE', { id: 'm2', author: {}, content: 'hi' });
    fake.dispatch('INTERACTION_CREATE', { id: 'i1', type: 11 });
    const requests = box.llm.requests.length;
    box.llm.script({ text: 'survived the junk' });
    fake.say(OWNER, 'still ok?');
    await fake.waitForReply(OWNER, 'survived the junk');
    expect(box.llm.requests.length).toBe(requests + 1);
    expect(log()).toContain('QQ gateway frame that is not JSON ignored');
    expect(log()).toContain('C2C_MESSAGE_CREATE field author.user_openid');
    expect(log()).toContain('INTERACTION_CREATE field data');
    expect(log()).not.toContain(fake.clientSecret);
  });

  it('tells the sender the limit for an oversized message, and nothing reaches the model', async () => {
    const requests = box.llm.requests.length;
    fake.say(OWNER, 'z'.repeat(1024 * 1024 + 1));
    await fake.waitForReply(OWNER, 'too long');
    expect(box.llm.requests.length).toBe(requests);
  });

  it('runs slash commands without the model, the secret shown only as set', async () => {
    const before = box.llm.requests.length;
    const from = repliesTo(OWNER).length;
    fake.say(OWNER, '/config');
    await fake.waitForReply(OWNER, 'channels.qq');
    await fake.waitForReply(OWNER, 'prompts:');
    const shown = repliesTo(OWNER)
      .slice(from)
      .map((r) => r.text)
      .join('');
    expect(shown).toContain('channels.qq.client_secret: (set, hidden)');
    expect(shown).not.toContain(fake.clientSecret);
    expect(box.llm.requests.length).toBe(before);
  });

  it('answers a replayed event once', async () => {
    box.llm.script({ text: 'answer to the original' }, { text: 'answer to the next' });
    const before = box.llm.requests.length;
    fake.say(OWNER, 'deliver me twice', { msgId: 'ROBOT1.0_twice' });
    await fake.waitForReply(OWNER, 'answer to the original');
    fake.say(OWNER, 'deliver me twice', { msgId: 'ROBOT1.0_twice' });
    fake.say(OWNER, 'the next one');
    await fake.waitForReply(OWNER, 'answer to the next');
    expect(box.llm.requests.length).toBe(before + 2);
  });
});
