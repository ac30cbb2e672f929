/**
 * Files out on Telegram, end to end: `/file PATH` uploads a workspace picture with `sendPhoto` and
 * any other file with `sendDocument` (multipart; the fake Bot API keeps the bytes and refuses what
 * Telegram refuses). A picture over the 10 MB photo limit goes as a document; a file over the 50 MB
 * document limit, a refusal or a garbled answer is told to the chat, never taken as sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTelegram } from '../../helpers/fake-telegram.js';
import { photoWithExif } from '../../helpers/pictures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startTelegramBox, waitForText } from './telegram-box.js';

describe('Telegram files out', () => {
  let tg: FakeTelegram;
  let box: Box;
  let files: string;

  beforeAll(async () => {
    ({ tg, box } = await startTelegramBox());
    files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
  });

  /** The upload of `name` by `method` made from call number `from` on (a refused one before it is not it). */
  const uploaded = async (method: 'sendPhoto' | 'sendDocument', name: string, from = 0) => {
    const field = method === 'sendPhoto' ? 'photo' : 'document';
    const call = await tg.waitForCall(
      (c) => c.method === method && c.body[field]?.name === name && tg.calls.indexOf(c) >= from,
    );
    return tg.uploads.find((u) => u.method === method && u.name === name && u.data === call.body[field].data);
  };
  /** The chat's "not sent" notice naming `name`, without MarkdownV2's escapes. */
  const told = async (name: string) =>
    (
      await waitForText(
        tg,
        OWNER,
        name.replace(/[.\-_]/g, (c) => `\\${c}`),
      )
    ).text.replace(/\\/g, '');

  it('sends a picture as a photo and a file as a document, byte for byte', async () => {
    const photo = await photoWithExif(64, 48);
    writeFileSync(join(files, 'cat.jpg'), photo);
    tg.say(OWNER, '/file chat-files/cat.jpg');
    const image = await uploaded('sendPhoto', 'cat.jpg');
    expect(image).toMatchObject({ chatId: String(OWNER) });
    expect(image?.data.equals(photo)).toBe(true);

    const report = Buffer.from('季度报表\n'.repeat(1000));
    writeFileSync(join(files, '季度 报表;v2.txt'), report);
    tg.say(OWNER, '/file "chat-files/季度 报表;v2.txt"');
    const document = await uploaded('sendDocument', '季度 报表_v2.txt');
    expect(document?.data.equals(report)).toBe(true);
    // Nothing but the file: no "not sent" notice.
    expect([...tg.messages.values()].some((m) => m.text.includes('was not sent'))).toBe(false);
  });

  it('sends a picture over the 10 MB photo limit as a document; refuses one over 50 MB itself', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set(await photoWithExif(8, 8));
    writeFileSync(join(files, 'big.jpg'), big);
    tg.say(OWNER, '/file chat-files/big.jpg');
    expect((await uploaded('sendDocument', 'big.jpg'))?.data.length).toBe(big.length);
    expect(tg.calls.some((c) => c.method === 'sendPhoto' && c.body.photo?.name === 'big.jpg')).toBe(false);

    const max = box.app.config.channels.max_file_bytes;
    box.app.config.channels.max_file_bytes = 60 * 1024 * 1024;
    try {
      writeFileSync(join(files, 'huge.bin'), Buffer.alloc(50 * 1024 * 1024 + 1, 1));
      tg.say(OWNER, '/file chat-files/huge.bin');
      expect(await told('huge.bin')).toContain("larger than Telegram's 52428800-byte limit");
      expect(tg.calls.some((c) => c.method === 'sendDocument' && c.body.document?.name === 'huge.bin')).toBe(
        false,
      );
    } finally {
      box.app.config.channels.max_file_bytes = max;
    }
  });

  it('falls back to a document when Telegram refuses the photo for its dimensions', async () => {
    writeFileSync(join(files, 'strip.jpg'), await photoWithExif(64, 48));
    tg.fail('sendPhoto', 400, 1, 'Bad Request: PHOTO_INVALID_DIMENSIONS');
    tg.say(OWNER, '/file chat-files/strip.jpg');
    expect(await uploaded('sendDocument', 'strip.jpg')).toBeDefined();
  });

  it('tells the chat what happened on a refusal or a garbled answer; a later send goes out', async () => {
    writeFileSync(join(files, 'a.txt'), 'first');
    tg.fail('sendDocument', 403, 1, 'Forbidden: bot was blocked by the user');
    tg.say(OWNER, '/file chat-files/a.txt');
    const refused = await told('a.txt');
    expect(refused).toContain('was not sent');
    expect(refused).toContain('bot was blocked');
    expect(refused).toContain(join(files, 'a.txt'));

    writeFileSync(join(files, 'b.txt'), 'second');
    tg.garble('sendDocument', JSON.stringify({ ok: true, result: 'yes' }));
    tg.say(OWNER, '/file chat-files/b.txt');
    expect(await told('b.txt')).toContain('names no message');

    writeFileSync(join(files, 'c.txt'), 'third');
    tg.garble('sendDocument', '<html>502 Bad Gateway</html>');
    tg.say(OWNER, '/file chat-files/c.txt');
    expect(await told('c.txt')).toContain('was not sent');

    const from = tg.calls.length;
    tg.say(OWNER, '/file chat-files/a.txt');
    expect((await uploaded('sendDocument', 'a.txt', from))?.data.toString()).toBe('first');
    expect(tg.uploads.filter((u) => u.name === 'a.txt').map((u) => u.data.toString())).toEqual(['first']);
    expect(JSON.stringify([...tg.messages.values()])).not.toContain(tg.token);
  });
});
