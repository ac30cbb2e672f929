/**
 * Files out on DingTalk, end to end: `/file PATH` uploads the workspace file as media
 * (`/media/upload`, multipart `media`, `type` image or file) and sends it through the robot
 * OpenAPI as `sampleImageMsg` or `sampleFile` (a reply webhook cannot carry files). The fake checks
 * the token, the type, DingTalk's 20 MB and its document types, and keeps the bytes. Refusals,
 * other file types, oversize files and garbled answers are told to the chat, never taken as sent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDingTalk, SentMedia } from '../../helpers/fake-dingtalk.js';
import { photoWithExif } from '../../helpers/pictures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startDingTalkBox } from './dingtalk-box.js';

const chat = `cid-${OWNER}`;

describe('DingTalk files out', () => {
  let dt: FakeDingTalk;
  let box: Box;
  let files: string;

  beforeAll(async () => {
    ({ dt, box } = await startDingTalkBox());
    files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
    // The chat is known (its sender's staff id) once the owner has written.
    dt.say(OWNER, '/help');
    await dt.waitForReply(chat, '/file');
  });
  afterAll(async () => {
    await box?.close();
    await dt?.close();
  });

  const sent = async (match: (m: SentMedia) => boolean) =>
    ((await dt.waitFor((e) => e.kind === 'media' && match(e.sent))) as { sent: SentMedia }).sent;

  it('sends a picture as sampleImageMsg and a document as sampleFile, byte for byte', async () => {
    const photo = await photoWithExif(64, 48);
    writeFileSync(join(files, 'cat.jpg'), photo);
    dt.say(OWNER, '/file chat-files/cat.jpg');
    const image = await sent((m) => m.data.equals(photo));
    expect(image).toMatchObject({ chatId: chat, msgKey: 'sampleImageMsg', type: 'image' });
    expect(image.msgParam.photoURL).toMatch(/^@lA/);

    const report = Buffer.from('%PDF-1.4 季度报表');
    writeFileSync(join(files, '季度报表.pdf'), report);
    dt.say(OWNER, '/file chat-files/季度报表.pdf');
    const file = await sent((m) => m.data.equals(report));
    expect(file).toMatchObject({
      msgKey: 'sampleFile',
      msgParam: { fileName: '季度报表.pdf', fileType: 'pdf' },
    });
    expect(dt.replies.some((r) => r.text.includes('was not sent'))).toBe(false);
  });

  it('tells the chat about a file type DingTalk does not send, or one over 20 MB, without uploading', async () => {
    writeFileSync(join(files, 'notes.txt'), 'plain notes');
    dt.say(OWNER, '/file chat-files/notes.txt');
    const told = await dt.waitForReply(chat, 'notes.txt');
    expect(told.text).toContain('DingTalk bots send only these file types: doc, docx');
    expect(told.text).toContain(join(files, 'notes.txt'));

    // A command whose argument is mostly Chinese is answered in Chinese.
    writeFileSync(join(files, '季度销售报表.md'), '报表');
    dt.say(OWNER, '/file chat-files/季度销售报表.md');
    expect((await dt.waitForReply(chat, '季度销售报表.md')).text).toContain(
      'DingTalk 的机器人只能发送这些类型的文件：doc',
    );

    const max = box.app.config.channels.max_file_bytes;
    box.app.config.channels.max_file_bytes = 30 * 1024 * 1024;
    try {
      writeFileSync(join(files, 'huge.zip'), Buffer.alloc(20 * 1024 * 1024 + 1, 1));
      dt.say(OWNER, '/file chat-files/huge.zip');
      expect((await dt.waitForReply(chat, 'huge.zip')).text).toContain(
        "larger than DingTalk's 20971520-byte limit",
      );
    } finally {
      box.app.config.channels.max_file_bytes = max;
    }
    expect(dt.media.some((m) => m.data.length > 20 * 1024 * 1024)).toBe(false);
  });

  it('tells the chat what happened on an error code or a garbled upload answer; a later send goes out', async () => {
    writeFileSync(join(files, 'a.zip'), 'PK first');
    dt.garbleUpload(JSON.stringify({ errcode: 40006, errmsg: '不合法的文件大小' }));
    dt.say(OWNER, '/file chat-files/a.zip');
    const refused = await dt.waitForReply(chat, 'a.zip');
    expect(refused.text).toContain('was not sent');
    expect(refused.text).toContain('40006');

    writeFileSync(join(files, 'b.zip'), 'PK second');
    dt.garbleUpload(JSON.stringify({ errcode: 0, media_id: ['x'] }));
    dt.say(OWNER, '/file chat-files/b.zip');
    expect((await dt.waitForReply(chat, 'b.zip')).text).toContain('names no media_id');

    writeFileSync(join(files, 'c.zip'), 'PK third');
    dt.failOpenApi(400, 1);
    dt.say(OWNER, '/file chat-files/c.zip');
    expect((await dt.waitForReply(chat, 'c.zip')).text).toContain('was not sent');

    dt.say(OWNER, '/file chat-files/a.zip');
    expect((await sent((m) => m.data.toString() === 'PK first')).msgParam.fileName).toBe('a.zip');
    expect(dt.media.some((m) => ['PK second', 'PK third'].includes(m.data.toString()))).toBe(false);
    expect(JSON.stringify(dt.replies)).not.toContain(dt.clientSecret);
  });
});
