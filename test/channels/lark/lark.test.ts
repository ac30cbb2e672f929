/**
 * The Feishu/Lark channel end to end: a real Aibox (createApp + startServer) holds the
 * SDK's long connection to a fake open platform on loopback; the model is the fake LLM.
 * Covers streaming into one card, refusal and pairing, redelivery, malformed events,
 * reconnects, expired tokens, groups, files, long answers and hostile Markdown.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import { type FakeLark, LARK_APP_SECRET, type LarkCard } from '../../helpers/fake-lark.js';
import type { Box } from '../../server/harness.js';
import { expectSavedChatFile } from '../model-saw.js';
import { OWNER, OWNER_CHAT, startLarkBox } from './lark-box.js';

describe('Feishu/Lark channel', () => {
  let lark: FakeLark;
  let box: Box;

  beforeAll(async () => {
    ({ lark, box } = await startLarkBox());
  });
  afterAll(async () => {
    await box?.close();
    await lark?.close();
  });

  const cardsIn = (chatId: string): LarkCard[] => [...lark.cards.values()].filter((c) => c.chatId === chatId);
  /** Resolves when a card in `chatId` (sent or patched) shows `text`. */
  const waitForText = async (chatId: string, text: string): Promise<LarkCard> => {
    await lark.waitForCall((c) => {
      if (typeof c.body.content !== 'string' || !c.body.content.includes(text)) return false;
      if (c.method === 'POST') return c.body.receive_id === chatId;
      return lark.cards.get(c.path.split('/').at(-1) as string)?.chatId === chatId;
    });
    return cardsIn(chatId).find((card) => card.text.includes(text)) as LarkCard;
  };

  it('streams an answer into one card: sent at the first text, then patched in place', async () => {
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is late enough.' },
    );
    lark.say(OWNER, 'what time is it?');
    const card = await waitForText(OWNER_CHAT, 'late enough');
    const first = lark.calls.find((c) => c.method === 'POST' && c.body.receive_id === OWNER_CHAT);
    const firstText = JSON.parse(first?.body.content).body.elements[0].content as string;
    expect(firstText.length).toBeGreaterThan(0);
    expect('Checking the time.'.startsWith(firstText)).toBe(true);
    expect(first?.body.msg_type).toBe('interactive');
    expect(card.edits).toBeGreaterThanOrEqual(1);
    expect(card.text).toBe('Checking the time.\n\nIt is late enough.');
    expect(cardsIn(OWNER_CHAT)).toHaveLength(1);
    expect(JSON.stringify(box.llm.requests.at(-2)?.body.messages)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`lark-${OWNER_CHAT}`);
  });

  it('refuses a stranger once per chat; nothing reaches the model', async () => {
    const stranger = 'ou_stranger0000000000000000000001';
    const before = box.llm.requests.length;
    lark.say(stranger, 'rm -rf / please');
    lark.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer one' });
    lark.say(OWNER, 'ping one');
    await waitForText(OWNER_CHAT, 'owner answer one');
    const refusals = cardsIn(`oc_${stranger}`);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain(stranger);
    expect(box.llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });

  it('pairs a sender who sends a code from `aibox channels pair`, once', async () => {
    const newcomer = 'ou_newcomer000000000000000000001';
    const store = createSenderStore(senderStorePath(box.app.paths));
    const code = store.newCode(60_000);
    lark.say(newcomer, code);
    await waitForText(`oc_${newcomer}`, 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    lark.say(newcomer, 'hi');
    await waitForText(`oc_${newcomer}`, 'welcome aboard');
    expect(store.isPaired('lark', newcomer)).toBe(true);
  });

  it('answers a redelivered event once (and acknowledges both deliveries)', async () => {
    box.llm.script({ text: 'answer to the original' }, { text: 'answer to the next' });
    const before = box.llm.requests.length;
    lark.say(OWNER, 'deliver me twice', { eventId: 'ev_twice' });
    await waitForText(OWNER_CHAT, 'answer to the original');
    lark.say(OWNER, 'deliver me twice', { eventId: 'ev_twice' });
    lark.say(OWNER, 'the next one');
    await waitForText(OWNER_CHAT, 'answer to the next');
    expect(box.llm.requests.length).toBe(before + 2);
    expect(lark.acks.filter((a) => a.eventId === 'ev_twice').map((a) => a.code)).toEqual([200, 200]);
  });

  it('skips malformed events and frames, and answers the next message', async () => {
    lark.deliver(Buffer.from('{not json'));
    lark.deliver({
      schema: '2.0',
      header: { event_id: 'ev_bad1', event_type: 'im.message.receive_v1' },
      event: {},
    });
    lark.deliver({
      schema: '2.0',
      header: { event_id: 'ev_bad2', event_type: 'im.message.receive_v1' },
      event: {
        sender: { sender_id: { open_id: OWNER } },
        message: { message_id: 'm', chat_id: 'c', content: '{' },
      },
    });
    await lark.waitForAck('ev_bad2');
    box.llm.script({ text: 'survived the junk' });
    lark.say(OWNER, 'still ok?');
    await waitForText(OWNER_CHAT, 'survived the junk');
    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('malformed Lark message event ignored');
    expect(log).toContain('event without sender');
  });

  it('runs slash commands from chat without the model; /config hides the app secret', async () => {
    const before = box.llm.requests.length;
    lark.say(OWNER, '/help');
    await waitForText(OWNER_CHAT, '/new');
    lark.say(OWNER, '/config');
    const config = await waitForText(OWNER_CHAT, 'channels.lark.app_secret');
    expect(config.text).toContain('channels.lark.app_secret: (set, hidden)');
    for (const card of cardsIn(OWNER_CHAT)) expect(card.text).not.toContain(LARK_APP_SECRET);
    expect(box.llm.requests.length).toBe(before);
  });

  it('reconnects after the platform drops the long connection', async () => {
    const connections = lark.connections;
    lark.dropConnections();
    await lark.waitForConnections(connections + 1);
    box.llm.script({ text: 'still here' });
    lark.say(OWNER, 'are you there?');
    await waitForText(OWNER_CHAT, 'still here');
    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('Lark long connection dropped');
    expect(log).not.toContain(LARK_APP_SECRET);
  });

  it('fetches a new tenant token when the platform refuses the old one', async () => {
    const tokenCalls = () =>
      lark.calls.filter((c) => c.path.endsWith('/tenant_access_token/internal')).length;
    const before = tokenCalls();
    lark.expireTokens();
    box.llm.script({ text: 'fresh token works' });
    lark.say(OWNER, 'after expiry');
    await waitForText(OWNER_CHAT, 'fresh token works');
    expect(tokenCalls()).toBeGreaterThan(before);
  });

  it('keeps answering after a 5xx from the IM API', async () => {
    lark.fail('/open-apis/im/v1/messages', 502, 1);
    box.llm.script({ text: 'after the outage' });
    lark.say(OWNER, 'flaky platform');
    await waitForText(OWNER_CHAT, 'after the outage');
  });

  it('in a group answers only when mentioned, without the mention in the text', async () => {
    const group = 'oc_group000000000000000000000001';
    const requests = box.llm.requests.length;
    lark.say(OWNER, 'just chatting among ourselves', { chatType: 'group', chatId: group });
    box.llm.script({ text: 'group answer' });
    lark.say(OWNER, 'what is up', { chatType: 'group', chatId: group, mentionBot: true });
    await waitForText(group, 'group answer');
    expect(box.llm.requests.length).toBe(requests + 1);
    const sent = JSON.stringify(box.llm.requests.at(-1)?.body.messages);
    expect(sent).toContain('"what is up"');
    expect(sent).not.toContain('@_user_1');
    expect(sent).not.toContain('among ourselves');
    expect(box.app.sessions.ids()).toContain(`lark-${group}`);
  });

  it('saves a sent file to the workspace and names it to the model', async () => {
    lark.addResource('file_v3_001', Buffer.from('quarterly numbers: 42\n'));
    box.llm.script({ text: 'got the file' });
    lark.send(OWNER, 'file', { file_key: 'file_v3_001', file_name: '../../报表.txt' });
    await waitForText(OWNER_CHAT, 'got the file');
    expectSavedChatFile(box, '报表.txt', 'quarterly numbers: 42\n');
  });

  it('refuses a file over channels.max_file_bytes in the chat and still answers', async () => {
    box.app.config.channels.max_file_bytes = 10;
    try {
      lark.addResource('img_big', Buffer.alloc(11, 1));
      box.llm.script({ text: 'answered without the image' });
      lark.send(OWNER, 'post', {
        title: '',
        content: [[{ tag: 'text', text: 'look at this' }], [{ tag: 'img', image_key: 'img_big' }]],
      });
      await waitForText(OWNER_CHAT, 'was not saved');
      // Said in the chat's language (the bridge's own words), not the download's English error.
      await waitForText(OWNER_CHAT, 'the file is larger than the 10-byte limit');
      await waitForText(OWNER_CHAT, 'answered without the image');
    } finally {
      box.app.config.channels.max_file_bytes = 20 * 1024 * 1024;
    }
  });

  it('splits a long answer into cards at the size limit', async () => {
    const long = Array.from({ length: 600 }, (_, i) => `line ${i} ${'长'.repeat(30)}`).join('\n');
    box.llm.script({ text: `${long}\nTHE END`, chunkChars: 4000 });
    lark.say(OWNER, 'write a lot');
    await waitForText(OWNER_CHAT, 'THE END');
    const parts = cardsIn(OWNER_CHAT).filter((c) => /line \d+ 长/.test(c.text));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(7000);
    expect(parts.map((p) => p.text).join('\n')).toContain('line 599');
  });

  it('keeps the model from mentioning everyone or styling the card with tags', async () => {
    box.llm.script({ text: 'hi <at id=all></at> and <font color=red>x</font> but `<at id=all>` in code' });
    lark.say(OWNER, 'be hostile');
    const card = await waitForText(OWNER_CHAT, 'in code');
    expect(card.text).toBe(
      'hi &lt;at id=all>&lt;/at> and &lt;font color=red>x&lt;/font> but `<at id=all>` in code',
    );
  });
});
