/**
 * Files out on WeChat, end to end: `/file PATH` in the chat puts the workspace file on the fake
 * iLink CDN (getuploadurl + the encrypted upload) and sends it as an image item (a picture, by its
 * bytes) or a file item; what reached the CDN decrypts to the file's bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeWeChat } from '../../helpers/fake-wechat.js';
import { photoWithExif } from '../../helpers/pictures.js';
import { until } from '../../helpers/until.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startWeChatBox } from './wechat-box.js';

describe('WeChat files out', () => {
  let wx: FakeWeChat;
  let box: Box;
  let files: string;

  beforeAll(async () => {
    ({ wx, box } = await startWeChatBox());
    files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
  });
  afterAll(async () => {
    await box?.close();
    await wx?.close();
  });

  const itemSent = (type: number) =>
    wx.waitForCall((c) => c.name === 'sendmessage' && c.body.msg.item_list[0].type === type);

  it('sends a picture as an image item and a document as a file item, encrypted on the CDN', async () => {
    const photo = await photoWithExif(64, 48);
    writeFileSync(join(files, 'cat.jpg'), photo);
    wx.say(OWNER, '/file chat-files/cat.jpg');
    const image = (await itemSent(2)).body.msg.item_list[0].image_item;
    expect(wx.sentMedia(image.media).equals(photo)).toBe(true);
    expect(image.mid_size).toBe(wx.uploads.at(-1)?.cipher?.length);
    expect(wx.uploads.at(-1)?.request).toMatchObject({
      media_type: 1,
      to_user_id: OWNER,
      rawsize: photo.length,
    });

    const report = Buffer.from('第一季度：42\n'.repeat(100));
    writeFileSync(join(files, '报表.txt'), report);
    wx.say(OWNER, '/file chat-files/报表.txt');
    const file = (await itemSent(4)).body.msg.item_list[0].file_item;
    expect(file).toMatchObject({ file_name: '报表.txt', len: String(report.length) });
    expect(wx.sentMedia(file.media).equals(report)).toBe(true);
    expect(wx.uploads.at(-1)?.request.media_type).toBe(3);
    expect(box.llm.requests).toHaveLength(0); // commands never reach the model
  });

  it('tells the chat where the file is when it cannot be sent, and refuses paths outside the workspace', async () => {
    writeFileSync(join(files, 'notes.txt'), 'notes');
    wx.scriptUploads({ cdnStatus: 500 });
    wx.say(OWNER, '/file chat-files/notes.txt');
    const told = await wx.waitForText(OWNER, 'was not sent');
    expect(told.text).toContain('HTTP 500');
    expect(told.text).toContain(join(files, 'notes.txt'));
    // iLink answers with no upload address, an absurd one, or an error code: nothing is posted anywhere.
    const posted = wx.uploads.filter((u) => u.cipher).length;
    wx.scriptUploads(
      { getuploadurl: { ret: 0 } },
      { getuploadurl: { ret: 0, upload_param: 'x'.repeat(5000) } },
      { getuploadurl: { ret: -5, errmsg: 'refused' } },
    );
    for (let i = 0; i < 3; i++) wx.say(OWNER, '/file chat-files/notes.txt');
    const toldCount = (why: string) => wx.sent.filter((t) => t.to === OWNER && t.text.includes(why)).length;
    await until(
      () => toldCount('names no upload address') === 2 && toldCount('errcode -5') === 1,
      'three refusals told',
    );
    expect(wx.uploads.filter((u) => u.cipher).length).toBe(posted);
    wx.say(OWNER, '/file ../memories.db');
    await wx.waitForText(OWNER, 'Only files in the workspace');
    wx.say(OWNER, '/file 不存在.txt');
    await wx.waitForText(OWNER, '工作区里没有这个文件');
  });
});
