/**
 * Files out on Feishu/Lark, end to end: `/file PATH` uploads a workspace picture to `im/v1/images`
 * (`image_type: message`) and sends an `image` message, any other file to `im/v1/files` (its
 * `file_type` and `file_name`) and sends a `file` message; the fake platform checks the fields and
 * the platform's limits and keeps the bytes. Refusals, oversize files and garbled answers are
 * told to the chat, never taken as sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLark, LARK_APP_SECRET } from '../../helpers/fake-lark.js';
import { gif, photoWithExif } from '../../helpers/pictures.js';
import { until } from '../../helpers/until.js';
import type { Box } from '../../server/harness.js';
import { OWNER, OWNER_CHAT, startLarkBox } from './lark-box.js';

describe('Feishu/Lark files out', () => {
  let lark: FakeLark;
  let box: Box;
  let files: string;

  beforeAll(async () => {
    ({ lark, box } = await startLarkBox());
    files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
  });
  afterAll(async () => {
    await box?.close();
    await lark?.close();
  });

  const sentFile = async (match: (data: Buffer) => boolean) => {
    await until(() => lark.files.some((f) => match(f.data)), 'a file message');
    return lark.files.find((f) => match(f.data));
  };
  /** The card in the owner's chat that says `text`. */
  const told = async (text: string) => {
    await until(
      () => [...lark.cards.values()].some((c) => c.chatId === OWNER_CHAT && c.text.includes(text)),
      text,
    );
    return [...lark.cards.values()].find((c) => c.text.includes(text))?.text ?? '';
  };

  it('sends a picture as an image message and a file as a file message, byte for byte', async () => {
    const photo = await photoWithExif(64, 48);
    writeFileSync(join(files, 'cat.jpg'), photo);
    lark.say(OWNER, '/file chat-files/cat.jpg');
    expect(await sentFile((d) => d.equals(photo))).toMatchObject({ chatId: OWNER_CHAT, msgType: 'image' });

    const report = Buffer.from('%PDF-1.4 季度报表');
    writeFileSync(join(files, '季度报表.pdf'), report);
    lark.say(OWNER, '/file chat-files/季度报表.pdf');
    expect(await sentFile((d) => d.equals(report))).toMatchObject({
      msgType: 'file',
      fileType: 'pdf',
      name: '季度报表.pdf',
    });
    const notes = Buffer.from('plain notes');
    writeFileSync(join(files, 'notes.md'), notes);
    lark.say(OWNER, '/file chat-files/notes.md');
    expect(await sentFile((d) => d.equals(notes))).toMatchObject({ fileType: 'stream', name: 'notes.md' });
    expect([...lark.cards.values()].some((c) => c.text.includes('was not sent'))).toBe(false);
  });

  it('sends a picture over 10 MB as a file; refuses a file over 30 MB before uploading', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set(await photoWithExif(8, 8));
    writeFileSync(join(files, 'big.jpg'), big);
    lark.say(OWNER, '/file chat-files/big.jpg');
    expect(await sentFile((d) => d.length === big.length)).toMatchObject({
      msgType: 'file',
      name: 'big.jpg',
    });

    const max = box.app.config.channels.max_file_bytes;
    box.app.config.channels.max_file_bytes = 40 * 1024 * 1024;
    try {
      writeFileSync(join(files, '巨大的二进制.bin'), Buffer.alloc(30 * 1024 * 1024 + 1, 1));
      lark.say(OWNER, '/file chat-files/巨大的二进制.bin');
      expect(await told('巨大的二进制.bin')).toContain('文件超过 Feishu/Lark 的 31457280 字节上限');
    } finally {
      box.app.config.channels.max_file_bytes = max;
    }
    box.app.config.channels.max_file_bytes = 40 * 1024 * 1024;
    try {
      writeFileSync(join(files, 'huge.bin'), Buffer.alloc(30 * 1024 * 1024 + 1, 1));
      lark.say(OWNER, '/file chat-files/huge.bin');
      expect(await told('huge.bin')).toContain("larger than Feishu/Lark's 31457280-byte limit");
      expect(lark.calls.some((c) => c.body.file_name === 'huge.bin')).toBe(false);
    } finally {
      box.app.config.channels.max_file_bytes = max;
    }
  });

  it('sends a picture the platform refuses for its resolution or format as a file', async () => {
    const uploadsBefore = lark.calls.filter((c) => c.path === '/open-apis/im/v1/images').length;
    // GIFs over 2000 px a side and other pictures over 12000 px are refused (234039).
    const wide = await gif(2001, 4);
    writeFileSync(join(files, 'wide.gif'), wide);
    lark.say(OWNER, '/file chat-files/wide.gif');
    expect(await sentFile((d) => d.equals(wide))).toMatchObject({ msgType: 'file', name: 'wide.gif' });
    const tall = await photoWithExif(8, 12001);
    writeFileSync(join(files, 'tall.jpg'), tall);
    lark.say(OWNER, '/file chat-files/tall.jpg');
    expect(await sentFile((d) => d.equals(tall))).toMatchObject({ msgType: 'file', name: 'tall.jpg' });
    // A picture the platform cannot read (a JPEG's start, then nothing) is refused too (234011).
    const broken = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    writeFileSync(join(files, 'broken.jpg'), broken);
    lark.say(OWNER, '/file chat-files/broken.jpg');
    expect(await sentFile((d) => d.equals(broken))).toMatchObject({ msgType: 'file', name: 'broken.jpg' });
    // A GIF within the limit still goes as a picture; every refused one was tried as a picture once.
    const small = await gif(2000, 4);
    writeFileSync(join(files, 'small.gif'), small);
    lark.say(OWNER, '/file chat-files/small.gif');
    expect(await sentFile((d) => d.equals(small))).toMatchObject({ msgType: 'image' });
    const imageUploads = lark.calls.filter((c) => c.path === '/open-apis/im/v1/images');
    expect(imageUploads.length - uploadsBefore).toBe(4);
    const names = ['wide.gif', 'tall.jpg', 'broken.jpg', 'small.gif'];
    expect([...lark.cards.values()].some((c) => names.some((n) => c.text.includes(n)))).toBe(false);
  });

  it('tells the chat what happened when the platform refuses or garbles an answer; a later send goes out', async () => {
    writeFileSync(join(files, 'a.txt'), 'first');
    lark.fail('/open-apis/im/v1/files', 400, 1, 234001);
    lark.say(OWNER, '/file chat-files/a.txt');
    const refused = await told('chat-files/a.txt');
    expect(refused).toContain('was not sent');
    expect(refused).toContain('234001');
    expect(refused).toContain(join(files, 'a.txt'));

    writeFileSync(join(files, 'b.txt'), 'second');
    lark.garble('/open-apis/im/v1/files', JSON.stringify({ code: 0, data: { file_key: 42 } }));
    lark.say(OWNER, '/file chat-files/b.txt');
    expect(await told('chat-files/b.txt')).toContain('gave no file_key');

    writeFileSync(join(files, 'c.png'), await photoWithExif(16, 16));
    lark.garble('/open-apis/im/v1/images', '<html>502</html>');
    lark.say(OWNER, '/file chat-files/c.png');
    expect(await told('chat-files/c.png')).toContain('not JSON');

    writeFileSync(join(files, 'd.txt'), 'fourth');
    lark.fail('/open-apis/im/v1/messages', 400, 1, 230002);
    lark.say(OWNER, '/file chat-files/d.txt');
    expect(await told('chat-files/d.txt')).toContain('230002');

    lark.say(OWNER, '/file chat-files/a.txt');
    expect(await sentFile((d) => d.toString() === 'first')).toMatchObject({ name: 'a.txt' });
    expect(lark.files.some((f) => ['second', 'fourth'].includes(f.data.toString()))).toBe(false);
    for (const card of lark.cards.values()) expect(card.text).not.toContain(LARK_APP_SECRET);
  });
});
