/**
 * The WeCom channel end to end: a real Aibox (createApp + startServer) holding the intelligent
 * robot's long connection to a fake WeCom on loopback (subscribe, heartbeat, callbacks, stream
 * replies, active sends, encrypted media); the model is the fake LLM.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import type { FakeWeCom } from '../../helpers/fake-wecom.js';
import type { Box } from '../../server/harness.js';
import { expectOnlyMentionReached, expectSavedChatFile } from '../model-saw.js';
import { OWNER, startWeComBox } from './wecom-box.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

describe('WeCom channel', () => {
  let wc: FakeWeCom;
  let box: Box;

  beforeAll(async () => {
    ({ wc, box } = await startWeComBox({}, {}, { tuning: { heartbeatMs: 100 } }));
  });
  afterAll(async () => {
    await box?.close();
    await wc?.close();
  });

  const log = () => readFileSync(box.app.paths.log, 'utf8');

  it('subscribes with the bot id and secret and streams the answer as one stream reply to the message', async () => {
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is **late** enough.' },
    );
    const reqId = wc.say(OWNER, 'what time is it?');
    const answer = await wc.waitForText(OWNER, 'late');
    expect(answer.via).toBe('stream');
    expect(answer.text).toBe('Checking the time.\n\nIt is **late** enough.');
    const frames = wc.events.filter((e) => e.kind === 'stream' && e.streamId === answer.id);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames.every((f) => f.kind === 'stream' && f.reqId === reqId)).toBe(true);
    expect(frames.slice(0, -1).every((f) => f.kind === 'stream' && !f.finish)).toBe(true);
    expect(wc.shown(OWNER).filter((s) => s.id === answer.id)).toHaveLength(1);
    expect(JSON.stringify(box.llm.requests.at(-2)?.body.messages)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`wecom-${OWNER}`);
    expect(log()).not.toContain(wc.secret);
  });

  it('refuses a stranger once per chat; nothing reaches the model', async () => {
    const stranger = 'stranger-li';
    const before = box.llm.requests.length;
    wc.say(stranger, 'rm -rf / please');
    wc.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer one' });
    wc.say(OWNER, 'ping one');
    await wc.waitForText(OWNER, 'owner answer one');
    const refusals = wc.shown(stranger);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain(stranger);
    expect(box.llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });

  it('pairs a sender who sends a code from `aibox channels pair`, once', async () => {
    const newcomer = 'newcomer-wang';
    const store = createSenderStore(senderStorePath(box.app.paths));
    const code = store.newCode(60_000);
    wc.say(newcomer, code);
    await wc.waitForText(newcomer, 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    wc.say(newcomer, 'hi');
    await wc.waitForText(newcomer, 'welcome aboard');
    wc.say('late-zhao', code);
    await wc.waitForText('late-zhao', 'does not take messages');
    expect(store.isPaired('wecom', 'late-zhao')).toBe(false);
    expect(store.isPaired('wecom', newcomer)).toBe(true);
  });

  it('in a group answers an @-mention in the group’s session, the mention removed', async () => {
    const group = 'wrgroup0001';
    const requests = box.llm.requests.length;
    box.llm.script({ text: 'group answer' });
    wc.say(OWNER, '@Aibox what is up', { group });
    await wc.waitForText(group, 'group answer');
    expectOnlyMentionReached(box, requests, 'what is up', '@Aibox', `wecom-${group}`);
    // A command after the mention is a command.
    wc.say(OWNER, '@Aibox /help', { group });
    await wc.waitForText(group, '/new');
    expect(box.llm.requests.length).toBe(requests + 1);
  });

  it('answers a redelivered message once', async () => {
    box.llm.script({ text: 'answer to the original' }, { text: 'answer to the next' });
    const before = box.llm.requests.length;
    wc.say(OWNER, 'deliver me twice', { msgid: 'msg-twice' });
    await wc.waitForText(OWNER, 'answer to the original');
    wc.say(OWNER, 'deliver me twice', { msgid: 'msg-twice' });
    wc.say(OWNER, 'the next one');
    await wc.waitForText(OWNER, 'answer to the next');
    expect(box.llm.requests.length).toBe(before + 2);
  });

  it('saves an encrypted image and a named file, decrypted, and names them to the model', async () => {
    const image = wc.addMedia(PNG);
    box.llm.script({ text: 'nice picture' });
    wc.say(OWNER, '', { msgid: 'img-1', content: { msgtype: 'image', text: undefined, image: image } });
    await wc.waitForText(OWNER, 'nice picture');
    expectSavedChatFile(box, 'image-img-1.png', PNG.toString('utf8'));

    const file = wc.addMedia(Buffer.from('quarterly numbers: 42\n'), { name: '../报表.txt' });
    box.llm.script({ text: 'got the file' });
    wc.say(OWNER, '', { content: { msgtype: 'file', text: undefined, file } });
    await wc.waitForText(OWNER, 'got the file');
    expectSavedChatFile(box, '报表.txt', 'quarterly numbers: 42\n');

    // Voice arrives as WeCom's transcript: it is the message's text.
    box.llm.script({ text: 'heard you' });
    wc.say(OWNER, '', { content: { msgtype: 'voice', text: undefined, voice: { content: '明天开会' } } });
    await wc.waitForText(OWNER, 'heard you');
    expect(JSON.stringify(box.llm.requests.at(-1)?.body.messages)).toContain('明天开会');
  });

  it('refuses media with a wrong key, a file over the limit and a mixed message with too many parts', async () => {
    const wrongKey = { ...wc.addMedia(Buffer.from('secret plans')), aeskey: wc.addMedia(PNG).aeskey };
    box.llm.script({ text: 'no file for me' });
    wc.say(OWNER, 'see attached', {
      content: {
        msgtype: 'mixed',
        text: undefined,
        mixed: {
          msg_item: [
            { msgtype: 'text', text: { content: 'see attached' } },
            { msgtype: 'image', image: wrongKey },
          ],
        },
      },
    });
    await wc.waitForText(OWNER, 'was not saved: WeCom media: bad padding');
    await wc.waitForText(OWNER, 'no file for me');

    box.app.config.channels.max_file_bytes = 10;
    try {
      const big = wc.addMedia(Buffer.alloc(100, 1));
      box.llm.script({ text: 'too big then' });
      wc.say(OWNER, 'big one', {
        content: {
          msgtype: 'mixed',
          text: undefined,
          mixed: {
            msg_item: [
              { msgtype: 'text', text: { content: 'big one' } },
              { msgtype: 'image', image: big },
            ],
          },
        },
      });
      await wc.waitForText(OWNER, 'larger than the 10-byte limit');
    } finally {
      box.app.config.channels.max_file_bytes = 20 * 1024 * 1024;
    }

    const requests = box.llm.requests.length;
    const items = Array.from({ length: 51 }, () => ({ msgtype: 'text', text: { content: 'spam' } }));
    wc.say(OWNER, '', { content: { msgtype: 'mixed', text: undefined, mixed: { msg_item: items } } });
    box.llm.script({ text: 'after the flood' });
    wc.say(OWNER, 'still there?');
    await wc.waitForText(OWNER, 'after the flood');
    expect(box.llm.requests.length).toBe(requests + 2); // "too big then" and this one
    expect(log()).toContain('WeCom message field mixed.msg_item');
  });

  it('skips frames that are not JSON, unknown commands and bodies that do not fit; an oversized text is refused', async () => {
    wc.sendRaw('this is not JSON');
    wc.sendRaw({ cmd: 'aibot_future_thing', headers: { req_id: 'r-1' }, body: {} });
    wc.sendRaw({ cmd: 'aibot_msg_callback', body: {} });
    wc.pushMessage({ msgid: 'm-junk', chattype: 'single', msgtype: 'text' });
    wc.pushMessage({
      msgid: 'm-group',
      chattype: 'group',
      from: { userid: OWNER },
      msgtype: 'text',
      text: { content: 'x' },
    });
    const requests = box.llm.requests.length;
    wc.say(OWNER, 'x'.repeat(box.app.config.server.max_frame_bytes + 1));
    await wc.waitForText(OWNER, 'This message is too long');
    box.llm.script({ text: 'survived the junk' });
    wc.say(OWNER, 'still ok?');
    await wc.waitForText(OWNER, 'survived the junk');
    expect(box.llm.requests.length).toBe(requests + 1);
    expect(log()).toContain('malformed WeCom frame ignored (not JSON)');
    expect(log()).toContain('WeCom message field from');
    expect(log()).toContain('chatid: missing in a group');
  });

  it('sends the answer whole once WeCom says the stream reply expired', async () => {
    box.llm.script(
      { text: 'first part.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'second part.', delayMs: 200 },
    );
    const reqId = wc.say(OWNER, 'take long');
    // The stream has started when WeCom stops taking its updates.
    await wc.waitFor((e) => e.kind === 'stream' && e.reqId === reqId);
    wc.expireStreams();
    const whole = await wc.waitForText(OWNER, 'second part.');
    expect(whole.via).toBe('send');
    expect(whole.text).toBe('first part.\n\nsecond part.');
    await expect.poll(log).toContain('the WeCom stream reply expired');
  });

  it('reconnects after a dropped connection, a refused subscribe and a silent heartbeat', async () => {
    const subscribes = wc.subscribeCount();
    wc.refuseSubscribes(1);
    wc.dropConnections();
    await wc.waitFor((e) => e.kind === 'subscribe' && e.ok && e.connection === subscribes + 2);
    await expect.poll(log).toContain('WeCom refused the bot id or secret');

    box.llm.script({ text: 'still here' });
    wc.say(OWNER, 'are you there?');
    await wc.waitForText(OWNER, 'still here');

    wc.kick();
    await wc.waitFor((e) => e.kind === 'subscribe' && e.ok && e.connection === subscribes + 3);
    await expect.poll(log).toContain('another connection with this WeCom bot id took over');

    wc.silencePings(true);
    await wc.waitFor((e) => e.kind === 'subscribe' && e.ok && e.connection === subscribes + 4);
    wc.silencePings(false);
    await expect.poll(log).toContain('2 pings unanswered');
    expect(log()).not.toContain(wc.secret);
  });
});
