/**
 * Files out on WeCom, end to end: `/file PATH` uploads the workspace file over the long connection
 * (`aibot_upload_media_init`, 512 KiB `_chunk`s, `_finish`; the fake checks size, count and md5)
 * and sends its `media_id` as an `image` or `file` message.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeWeCom, FakeWeComEvent } from '../../helpers/fake-wecom.js';
import { photoWithExif } from '../../helpers/pictures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startWeComBox } from './wecom-box.js';

type Media = Extract<FakeWeComEvent, { kind: 'media' }>;

describe('WeCom files out', () => {
  let wc: FakeWeCom;
  let box: Box;
  let files: string;

  beforeAll(async () => {
    ({ wc, box } = await startWeComBox());
    files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
  });
  afterAll(async () => {
    await box?.close();
    await wc?.close();
  });

  const sent = (msgtype: string, name: string) =>
    wc.waitFor((e) => e.kind === 'media' && e.msgtype === msgtype && e.name === name) as Promise<Media>;

  it('uploads a picture in one chunk and a 1.2 MB file in three, and sends their media_ids', async () => {
    const photo = await photoWithExif(64, 48);
    writeFileSync(join(files, 'cat.jpg'), photo);
    wc.say(OWNER, '/file chat-files/cat.jpg');
    const image = await sent('image', 'cat.jpg');
    expect(image).toMatchObject({ chatId: OWNER, name: 'cat.jpg', chunks: 1 });
    expect(image.data.equals(photo)).toBe(true);

    const big = Buffer.alloc(1_200_000, 'x');
    big.write('季度报表', 0);
    writeFileSync(join(files, '季度报表.txt'), big);
    wc.say(OWNER, '/file chat-files/季度报表.txt');
    const file = await sent('file', '季度报表.txt');
    expect(file).toMatchObject({ chatId: OWNER, chunks: 3 });
    expect(file.data.equals(big)).toBe(true);
  });

  it('tells the chat where the file is when WeCom refuses the upload; a later one goes out', async () => {
    writeFileSync(join(files, 'a.txt'), 'first');
    wc.refuseUploadFinish(40058);
    wc.say(OWNER, '/file chat-files/a.txt');
    const told = await wc.waitForText(OWNER, 'was not sent');
    expect(told.text).toContain('40058');
    expect(told.text).toContain(join(files, 'a.txt'));
    wc.say(OWNER, '/file chat-files/a.txt');
    const file = await sent('file', 'a.txt');
    // A picture over WeCom's 10 MB is not uploaded at all; the chat is told in its language.
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    writeFileSync(join(files, 'huge.jpg'), huge);
    writeFileSync(join(files, '一张很大的图片.jpg'), huge);
    wc.say(OWNER, '/file chat-files/huge.jpg');
    expect((await wc.waitForText(OWNER, 'huge.jpg')).text).toContain(
      "larger than WeCom's 10485760-byte limit",
    );
    wc.say(OWNER, '/file chat-files/一张很大的图片.jpg');
    expect((await wc.waitForText(OWNER, '一张很大的图片.jpg')).text).toContain(
      '文件超过 WeCom 的 10485760 字节上限',
    );
    expect(wc.events.some((e) => e.kind === 'media' && e.name.endsWith('.jpg') && e.name !== 'cat.jpg')).toBe(
      false,
    );
    expect(file.data.toString()).toBe('first');
    expect(wc.events.filter((e) => e.kind === 'media' && e.name === 'a.txt')).toHaveLength(1);
  });
});
