/** Parts every channel shares: the sender's language, chat addresses, known chats, allowed notify targets. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_KINDS } from '../../src/channels/channel-kinds.js';
import { chatOfSession, chatSessionId, parseChatTarget } from '../../src/chats/chat-target.js';
import { createNotifyTargets } from '../../src/chats/notify-targets.js';
import { createSenderStore } from '../../src/chats/sender-store.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { isAppError } from '../../src/errors.js';
import { langOfText } from '../../src/i18n/lang.js';

describe('langOfText', () => {
  it('is zh for mostly-CJK text, en for Latin words, undefined for neither', () => {
    expect(langOfText('你好，请帮我看看服务器')).toBe('zh');
    expect(langOfText('帮我看一下 ls 的输出')).toBe('zh');
    expect(langOfText('今日の天気')).toBe('zh');
    expect(langOfText('please run ls 在这里')).toBe('en');
    expect(langOfText('hello')).toBe('en');
    expect(langOfText('1234 🙂 !?')).toBeUndefined();
    expect(langOfText('')).toBeUndefined();
  });
});

describe('chat targets', () => {
  it('parses `<channel>:<chat id>` of known channels only, and maps chats to sessions and back', () => {
    expect(parseChatTarget('telegram:-1001234')).toEqual({ channel: 'telegram', chatId: '-1001234' });
    expect(parseChatTarget('Telegram:42')).toEqual({ channel: 'telegram', chatId: '42' });
    expect(parseChatTarget('fax:42')).toBeUndefined();
    expect(parseChatTarget('telegram:')).toBeUndefined();
    expect(parseChatTarget('telegram:a b')).toBeUndefined();
    expect(parseChatTarget('42')).toBeUndefined();
    const chat = { channel: 'telegram', chatId: '-1001234' };
    expect(chatOfSession(chatSessionId(chat))).toEqual(chat);
    expect(chatOfSession('main')).toBeUndefined();
    expect(chatOfSession('task-3')).toBeUndefined();
  });
});

describe('notify targets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-notify-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const senders = createSenderStore(join(dir, 'senders.json'));
  const config = ConfigSchema.parse({ channels: { telegram: { token: 't', allowed_ids: [42] } } });
  const targets = createNotifyTargets({
    config: () => config,
    env: {},
    senders,
    lang: 'en',
    channels: CHANNEL_KINDS,
  });
  const refusal = (target: string) => {
    try {
      targets.check(target);
    } catch (error) {
      return isAppError(error, 'bad_notify') ? error.message : `unexpected: ${String(error)}`;
    }
    return undefined;
  };

  it('takes allowed senders’ own chats and groups they talked in; refuses every other chat', () => {
    expect(targets.check('telegram:42')).toBe('telegram:42');
    expect(refusal('telegram:7')).toContain('not an allowed chat');
    expect(refusal('sms:42')).toContain('<channel>:<chat id>');

    senders.rememberChat('telegram', '-100500', '42');
    expect(targets.check('TELEGRAM:-100500')).toBe('telegram:-100500');

    const code = senders.newCode(60_000);
    expect(senders.redeem('telegram', '7', code)).toBe(true);
    senders.rememberChat('telegram', '-100600', '7');
    expect(targets.check('telegram:7')).toBe('telegram:7');
    expect(targets.check('telegram:-100600')).toBe('telegram:-100600');
    expect(senders.paired()).toEqual({ telegram: ['7'] });

    // Unpairing forgets the sender and the chats only they opened; config ids stay.
    expect(senders.unpair('telegram', '7')).toBe(true);
    expect(senders.unpair('telegram', '7')).toBe(false);
    expect(refusal('telegram:7')).toContain('not an allowed chat');
    expect(refusal('telegram:-100600')).toContain('not an allowed chat');
    expect(targets.check('telegram:-100500')).toBe('telegram:-100500');
  });
});
