/**
 * Approvals from Telegram: the model's write_file outside the workspace waits for a
 * person; the chat gets Allow once / Always / Deny buttons; a press answers the real
 * approval broker, and the message is edited in place to the decision and who made it.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTelegram, SentMessage } from '../../helpers/fake-telegram.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startTelegramBox, waitForText as waitForTextIn } from './telegram-box.js';

const STRANGER = 9009;

describe('Telegram approvals', () => {
  let tg: FakeTelegram;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ tg, box } = await startTelegramBox({ safety: { approval_timeout_s: 60 } }));
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  /** The model asks to write `target`; resolves with the chat message carrying the buttons. */
  async function askToWrite(target: string, after: string): Promise<SentMessage> {
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: after },
    );
    tg.say(OWNER, `write ${target}`);
    const call = await tg.waitForCall(
      (c) =>
        c.method === 'sendMessage' &&
        c.body.reply_markup !== undefined &&
        String(c.body.text).includes(target),
    );
    return [...tg.messages.values()].find((m) => m.text === call.body.text) as SentMessage;
  }
  const buttons = (message: SentMessage): { text: string; callback_data: string }[] =>
    message.replyMarkup.inline_keyboard[0];
  /** Resolves once the answer containing `text` is shown (sent, or edited in while streaming). */
  const answered = (text: string) =>
    tg.waitForCall(
      (c) => ['sendMessage', 'editMessageText'].includes(c.method) && String(c.body.text).includes(text),
    );
  const edited = (message: SentMessage, text: string) =>
    tg.waitForCall(
      (c) =>
        c.method === 'editMessageText' &&
        c.body.message_id === message.messageId &&
        String(c.body.text).includes(text),
    );

  it('Allow once: the command runs, the message shows the decision and who made it', async () => {
    const target = join(outside, 'allowed.txt');
    const message = await askToWrite(target, 'written it');
    expect(buttons(message).map((b) => b.text)).toEqual(['Allow once', 'Always', 'Deny']);
    // A stranger's press is refused and decides nothing.
    const allow = buttons(message)[0]?.callback_data as string;
    tg.press(STRANGER, message.messageId, allow);
    await tg.waitForCall(
      (c) => c.method === 'answerCallbackQuery' && String(c.body.text).includes(String(STRANGER)),
    );
    expect(existsSync(target)).toBe(false);

    tg.press(OWNER, message.messageId, allow);
    await edited(message, 'Allowed once by telegram:42');
    expect(message.replyMarkup).toBeUndefined(); // the buttons are gone
    await tg.waitForCall((c) => c.method === 'answerCallbackQuery' && c.body.text === 'Got it');
    await answered('written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
  });

  it('Deny: nothing is written; a second press is told it was already decided', async () => {
    const target = join(outside, 'denied.txt');
    const message = await askToWrite(target, 'did not write');
    const [allow, , deny] = buttons(message).map((b) => b.callback_data) as [string, string, string];
    tg.press(OWNER, message.messageId, deny);
    await edited(message, 'Denied by telegram:42');
    tg.press(OWNER, message.messageId, allow);
    await tg.waitForCall(
      (c) => c.method === 'answerCallbackQuery' && c.body.text === 'Someone has already decided',
    );
    await answered('did not write');
    expect(existsSync(target)).toBe(false);
  });
});

describe('Telegram approvals in the shared main session (channels.session: main)', () => {
  const OTHER = 7701;
  let tg: FakeTelegram;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ tg, box } = await startTelegramBox({
      safety: { approval_timeout_s: 60 },
      channels: { session: 'main' },
    }));
    expect(box.app.senders.redeem('telegram', String(OTHER), box.app.senders.newCode(60_000))).toBe(true);
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  const approvalIn = async (chat: number, target: string) => {
    const call = await tg.waitForCall(
      (c) =>
        c.method === 'sendMessage' &&
        String(c.body.chat_id) === String(chat) &&
        c.body.reply_markup !== undefined &&
        String(c.body.text).includes(target),
    );
    return [...tg.messages.values()].find((m) => m.text === call.body.text) as SentMessage;
  };

  it("a chat whose turn waits in the queue is not shown another chat's approval requests", async () => {
    const first = join(outside, 'first.txt');
    const second = join(outside, 'second.txt');
    const write = (filepath: string) => ({
      toolCalls: [{ name: 'write_file', arguments: { filepath, content: 'x' } }],
    });
    box.llm.script(write(first), write(second), { text: 'owner done' }, { text: 'other done' });
    tg.say(OWNER, 'write two files');
    const firstAsk = await approvalIn(OWNER, first);
    // The other chat's turn queues behind the owner's, in the same session.
    tg.say(OTHER, 'hello');
    await tg.waitForCall((c) => c.method === 'sendMessage' && String(c.body.chat_id) === String(OTHER));
    tg.press(OWNER, firstAsk.messageId, firstAsk.replyMarkup.inline_keyboard[0][0].callback_data as string);
    const secondAsk = await approvalIn(OWNER, second);
    tg.press(OWNER, secondAsk.messageId, secondAsk.replyMarkup.inline_keyboard[0][2].callback_data as string);
    await waitForTextIn(tg, OTHER, 'other done');
    const shownToOther = tg.calls.filter(
      (c) => String(c.body.chat_id) === String(OTHER) && String(c.body.text).includes(outside),
    );
    expect(shownToOther).toEqual([]);
    expect(existsSync(second)).toBe(false);
  });
});
