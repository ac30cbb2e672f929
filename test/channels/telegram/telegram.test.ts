/**
 * The Telegram channel end to end: a real Aibox (createApp + startServer) polls a fake
 * Bot API on loopback; the model is the fake LLM. Covers streaming, refusal and pairing,
 * slash commands, redelivery, reconnects, files, long answers and hostile Markdown.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore, senderStorePath } from '../../../src/chats/sender-store.js';
import type { FakeTelegram, SentMessage } from '../../helpers/fake-telegram.js';
import type { Box } from '../../server/harness.js';
import { expectOnlyMentionReached, expectSavedChatFile, lastSent } from '../model-saw.js';
import { OWNER, startTelegramBox, waitForText as waitForTextIn } from './telegram-box.js';

describe('Telegram channel', () => {
  let tg: FakeTelegram;
  let box: Box;

  beforeAll(async () => {
    ({ tg, box } = await startTelegramBox());
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
  });

  const sentTo = (chat: number): SentMessage[] =>
    [...tg.messages.values()].filter((m) => m.chatId === String(chat));
  const waitForText = (chat: number, text: string) => waitForTextIn(tg, chat, text);

  it('streams an answer to an allowed sender: sent at the first text, then edited in place', async () => {
    box.llm.script(
      { text: 'Checking the time.', toolCalls: [{ name: 'get_current_time', arguments: {} }] },
      { text: 'It is late enough.' },
    );
    tg.say(OWNER, 'what time is it?');
    const message = await waitForText(OWNER, 'late enough');
    const first = tg.calls.find((c) => c.method === 'sendMessage' && c.body.chat_id === String(OWNER));
    // Sent at the first delta: a non-empty prefix of the first round's text.
    expect(first?.body.text.length).toBeGreaterThan(0);
    expect('Checking the time\\.'.startsWith(first?.body.text)).toBe(true);
    expect(message.edits).toBeGreaterThanOrEqual(1);
    expect(message.text).toBe('Checking the time\\.\n\nIt is late enough\\.');
    expect(message.parseMode).toBe('MarkdownV2');
    const request = box.llm.requests.at(-2);
    expect(JSON.stringify(request?.body.messages)).toContain('what time is it?');
    expect(box.app.sessions.ids()).toContain(`telegram-${OWNER}`);
  });

  it('refuses a stranger once per chat; nothing reaches the model', async () => {
    const stranger = 7001;
    const before = box.llm.requests.length;
    tg.say(stranger, 'rm -rf / please');
    tg.say(stranger, 'hello?');
    box.llm.script({ text: 'owner answer one' });
    tg.say(OWNER, 'ping one');
    await waitForText(OWNER, 'owner answer one');
    const refusals = sentTo(stranger);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.text).toContain(String(stranger));
    expect(box.llm.requests.length).toBe(before + 1);
    expect(JSON.stringify(box.llm.requests.at(-1)?.body)).not.toContain('rm -rf');
  });

  it('refuses a message over server.max_frame_bytes from an allowed sender; nothing reaches the model', async () => {
    box.app.config.server.max_frame_bytes = 1024;
    try {
      const before = box.llm.requests.length;
      tg.say(OWNER, `please read ${'x'.repeat(2000)}`);
      await waitForText(OWNER, 'the limit is 1024 bytes');
      expect(box.llm.requests.length).toBe(before);
    } finally {
      box.app.config.server.max_frame_bytes = 1024 * 1024;
    }
  });

  it('pairs a sender who sends a code from `aibox channels pair`, once', async () => {
    const newcomer = 7002;
    const store = createSenderStore(senderStorePath(box.app.paths));
    const code = store.newCode(60_000);
    tg.say(newcomer, code.toLowerCase());
    await waitForText(newcomer, 'Paired');
    box.llm.script({ text: 'welcome aboard' });
    tg.say(newcomer, 'hi');
    await waitForText(newcomer, 'welcome aboard');
    // The code was single-use: another stranger cannot reuse it.
    tg.say(7003, code);
    await waitForText(7003, 'does not take messages');
    expect(store.isPaired('telegram', '7003')).toBe(false);
    expect(store.isPaired('telegram', String(newcomer))).toBe(true);
  });

  it('answers a redelivered update once', async () => {
    box.llm.script({ text: 'answer to the original' }, { text: 'answer to the next' });
    const before = box.llm.requests.length;
    const id = tg.say(OWNER, 'deliver me twice');
    await waitForText(OWNER, 'answer to the original');
    tg.push(
      {
        update_id: id,
        message: {
          message_id: 1,
          date: 0,
          chat: { id: OWNER, type: 'private' },
          from: { id: OWNER, is_bot: false, first_name: 'o' },
          text: 'deliver me twice',
        },
      },
      { redeliver: true },
    );
    tg.say(OWNER, 'the next one');
    await waitForText(OWNER, 'answer to the next');
    expect(box.llm.requests.length).toBe(before + 2);
  });

  it('runs slash commands from chat without the model', async () => {
    const before = box.llm.requests.length;
    const session = box.app.sessions.get(`telegram-${OWNER}`);
    expect(session.history(10).length).toBeGreaterThan(0);
    tg.say(OWNER, '/help');
    await waitForText(OWNER, '/new');
    tg.say(OWNER, '/config');
    const config = await waitForText(OWNER, 'channels\\.telegram\\.token');
    const shown = sentTo(OWNER).filter((m) => m.messageId >= config.messageId);
    expect(shown.map((m) => m.text).join('')).toContain('channels\\.telegram\\.token: \\(set, hidden\\)');
    expect(shown.map((m) => m.text).join('')).not.toContain(tg.token.split(':')[1]);
    tg.say(OWNER, '/new@aibox_test_bot');
    await waitForText(OWNER, 'New conversation started');
    expect(session.history(10)).toEqual([]);
    expect(box.llm.requests.length).toBe(before);
  });

  it('reconnects after the long poll is dropped and the API answers 502', async () => {
    const polls = tg.calls.filter((c) => c.method === 'getUpdates').length;
    tg.fail('getUpdates', 502, 2);
    tg.dropPolls();
    await tg.waitForCall((c) => c.method === 'getUpdates' && tg.calls.indexOf(c) >= polls + 3);
    box.llm.script({ text: 'still here' });
    tg.say(OWNER, 'are you there?');
    await waitForText(OWNER, 'still here');
    // The failures were logged, the token never.
    const log = readFileSync(box.app.paths.log, 'utf8');
    expect(log).toContain('Telegram polling failed');
    expect(log).not.toContain(tg.token.split(':')[1]);
  });

  it('escapes hostile Markdown so Telegram accepts it as MarkdownV2', async () => {
    const hostile =
      'a_b*c[d](e)~f`g>h#i+j-k=l|m{n}o.p!q\\r **bold** `code \\ ` ```js\nconst x = `y`;\n``` unbalanced ``` and `';
    box.llm.script({ text: hostile });
    tg.say(OWNER, 'be hostile');
    const message = await waitForText(OWNER, 'unbalanced');
    expect(message.parseMode).toBe('MarkdownV2');
  });

  it('falls back to plain text when Telegram refuses the formatting', async () => {
    tg.fail('sendMessage', 400, 1, "Bad Request: can't parse entities: something odd");
    const from = tg.calls.length;
    box.llm.script({ text: 'plain fallback works' });
    tg.say(OWNER, 'format me');
    await waitForText(OWNER, 'plain fallback works');
    const sends = tg.calls.slice(from).filter((c) => c.method === 'sendMessage');
    expect(sends[0]?.body.parse_mode).toBe('MarkdownV2'); // refused by the fake
    expect(sends[1]?.body.parse_mode).toBeUndefined();
    expect(sends[1]?.body.text).toBe(sends[0]?.body.text);
  });

  it('splits a long answer at the size limit', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `line ${i} ${'x'.repeat(30)}`).join('\n');
    box.llm.script({ text: `${long}\nTHE END`, chunkChars: 2000 });
    tg.say(OWNER, 'write a lot');
    await waitForText(OWNER, 'THE END');
    const parts = sentTo(OWNER).filter((m) => /line \d+ x/.test(m.text));
    const lastTurn = parts.filter(
      (m) => m.messageId >= (parts.find((p) => p.text.startsWith('line 0 '))?.messageId ?? 0),
    );
    expect(lastTurn.length).toBeGreaterThanOrEqual(3);
    for (const part of lastTurn) expect(part.text.replaceAll('\\', '').length).toBeLessThanOrEqual(4096);
  });

  it('saves a sent file to the workspace and names it to the model', async () => {
    tg.addFile('doc-1', Buffer.from('quarterly numbers: 42\n'));
    box.llm.script({ text: 'got the file' });
    tg.say(OWNER, undefined, {
      caption: 'read this',
      document: { file_id: 'doc-1', file_unique_id: 'u1', file_name: '../../报表.txt' },
    });
    await waitForText(OWNER, 'got the file');
    expectSavedChatFile(box, '报表.txt', 'quarterly numbers: 42\n');
    expect(lastSent(box)).toContain('read this');
  });

  it('/stop from chat aborts a running turn; a message meanwhile is queued and said so', async () => {
    box.llm.script({ stall: 'mid-stream' }, { text: 'after the stop' });
    const requests = box.llm.requests.length;
    tg.say(OWNER, 'think forever');
    await box.llm.waitForRequest(requests + 1);
    await waitForText(OWNER, 'thinking'); // the stalled stream's first delta, shown at once
    tg.say(OWNER, 'and then this');
    await waitForText(OWNER, 'Queued behind 1');
    tg.say(OWNER, '/stop');
    await waitForText(OWNER, '\\(stopped\\)'); // as MarkdownV2
    await waitForText(OWNER, 'after the stop');
  });

  it('keeps polling after a malformed update and answers the next one', async () => {
    tg.push({ message: { chat: null, from: 'nobody', text: 42 } });
    tg.push({ edited_message: { weird: true } });
    box.llm.script({ text: 'survived the junk' });
    tg.say(OWNER, 'still ok?');
    await waitForText(OWNER, 'survived the junk');
  });

  it('in a group answers only when mentioned, without the mention in the text', async () => {
    const group = -100500;
    const inGroup = (text: string) => ({
      message: {
        message_id: 1,
        date: 0,
        chat: { id: group, type: 'supergroup', title: 'team' },
        from: { id: OWNER, is_bot: false, first_name: 'o' },
        text,
      },
    });
    const requests = box.llm.requests.length;
    tg.push(inGroup('just chatting among ourselves'));
    box.llm.script({ text: 'group answer' });
    tg.push(inGroup('@aibox_test_bot what is up'));
    await waitForText(group, 'group answer');
    expectOnlyMentionReached(box, requests, 'what is up', 'among ourselves', `telegram-${group}`);
  });

  it('refuses a file over channels.max_file_bytes in the chat, in its language, and still answers', async () => {
    box.app.config.channels.max_file_bytes = 10;
    const sendBig = (id: string, caption: string, answer: string) => {
      tg.addFile(id, Buffer.alloc(11, 1));
      box.llm.script({ text: answer });
      tg.say(OWNER, undefined, {
        caption,
        document: { file_id: id, file_unique_id: id, file_name: 'big.bin' },
      });
    };
    sendBig('big-1', 'here is a big one', 'answered without the file');
    await waitForText(OWNER, 'the file is larger than the 10');
    await waitForText(OWNER, 'answered without the file');
    const lastUser = box.llm.requests
      .at(-1)
      ?.body.messages.filter((m: { role: string }) => m.role === 'user')
      .at(-1);
    expect(lastUser.content).toBe('here is a big one');
    sendBig('big-2', '这是一个很大的文件', '收到');
    await waitForText(OWNER, '文件超过 10 字节的上限');
    await waitForText(OWNER, '收到');
    box.app.config.channels.max_file_bytes = 20 * 1024 * 1024;
  });

  it('with channels.session "main" every chat talks in the main session (live)', async () => {
    box.app.config.channels.session = 'main';
    try {
      box.llm.script({ text: 'answered in main' });
      tg.say(OWNER, 'which session is this?');
      await waitForText(OWNER, 'answered in main');
      const main = box.app.sessions.get('main').history(10);
      expect(main.map((entry) => entry.content)).toContain('which session is this?');
      expect(
        box.app.sessions
          .get(`telegram-${OWNER}`)
          .history(50)
          .map((e) => e.content),
      ).not.toContain('which session is this?');
    } finally {
      box.app.config.channels.session = 'per_chat';
    }
  });
});
