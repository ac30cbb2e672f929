/**
 * QQ voice notes and media out, end to end: a real Aibox on the fake QQ platform, a real SILK note
 * (silk-wasm) as an attachment, the fake transcription and speech service. With `media.speech` the
 * answer to a voice note is also SILK, uploaded as rich media (`/v2/…/files`, `file_type` 3, base64
 * `file_data`) and sent as a passive reply with `msg_type: 7` and the upload's `file_info`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmToWav } from '../../../src/media/voice/wav.js';
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import type { FakeQq, FakeQqEvent, QqReply } from '../../helpers/fake-qq.js';
import { photoWithExif } from '../../helpers/pictures.js';
import { until } from '../../helpers/until.js';
import { silkNote } from '../../media/voice/voice-fixtures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startQqBox } from './qq-box.js';

const GROUP = 'GROUP0PENID00000000000000000001';
const MEMBER = 'MEMBER0PENID0000000000000000001';

describe('QQ voice notes and media out', () => {
  let fake: FakeQq;
  let box: Box;
  let api: FakeAudioApi;
  let dir: string;
  let silk: Buffer;
  let n = 0;

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-qq-media-'));
    silk = readFileSync(await silkNote(dir, 'note.silk', 1, false));
    ({ fake, box } = await startQqBox(
      {
        media: {
          transcription: { base_url: api.baseUrl, model: 'whisper-1', api_key_env: '' },
          speech: { base_url: api.baseUrl, model: 'tts-1', voice: 'alloy', api_key_env: '' },
        },
      },
      {},
      { allowed_ids: [OWNER, MEMBER] },
    ));
  });
  afterAll(async () => {
    await box?.close();
    await fake?.close();
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const wav = (channels = 1) => {
    const rate = 24_000;
    const pcm = Buffer.alloc(rate * 2 * channels);
    for (let i = 0; i < rate * channels; i++) pcm.writeInt16LE(Math.round(7000 * Math.sin(i / 7)), i * 2);
    const file = pcmToWav(pcm, rate);
    file.writeUInt16LE(channels, 22);
    return file;
  };
  /** A voice note from `from` (in `group`), as QQ delivers one: an attachment of SILK. */
  const sayVoice = (from: string, group?: string) => {
    n += 1;
    fake.addFile(`voice-${n}.silk`, silk);
    return fake.say(from, '', {
      ...(group ? { group } : {}),
      attachments: [
        { content_type: 'voice', filename: `voice-${n}.silk`, url: `${fake.apiRoot}/files/voice-${n}.silk` },
      ],
    });
  };
  const mediaReply = (chatId: string, after: number) =>
    fake.waitFor(
      (e) =>
        e.kind === 'reply' &&
        e.reply.chatId === chatId &&
        e.reply.body.msg_type === 7 &&
        fake.replies.indexOf(e.reply) >= after,
    ) as Promise<Extract<FakeQqEvent, { kind: 'reply' }>>;

  it('transcribes a SILK voice note and answers it with a SILK voice note as a rich-media reply', async () => {
    api.script({ text: 'what time is it' }, { audio: wav(), contentType: 'audio/wav' });
    box.llm.script({ text: 'It is **noon**.' });
    const after = fake.replies.length;
    const msgId = sayVoice(OWNER);
    await fake.waitForReply(OWNER, 'It is **noon**.');
    const { reply } = await mediaReply(OWNER, after);
    expect(api.transcriptions[0]?.fileType).toBe('audio/wav');
    expect(api.speeches.at(-1)?.body).toMatchObject({ input: 'It is noon.', response_format: 'wav' });
    expect(reply.source).toBe(msgId);
    expect(reply.body.media.file_info).toMatch(/^info-/);
    const upload = fake.events.find(
      (e): e is Extract<FakeQqEvent, { kind: 'upload' }> =>
        e.kind === 'upload' && e.fileInfo === reply.body.media.file_info,
    );
    expect(upload).toMatchObject({ chatId: OWNER, fileType: 3, srvSendMsg: false });
    expect(upload?.data.subarray(0, 10).toString('latin1')).toBe('\u0002#!SILK_V3');
    const { getDuration } = await import('silk-wasm');
    expect(getDuration(upload?.data as Buffer)).toBeGreaterThanOrEqual(900);
    // Each reply has its own msg_seq on the same msg_id: the 🎤 transcript, the text, the voice.
    const answers = fake.replies.filter((r: QqReply) => r.source === msgId);
    expect(answers.map((r) => [r.seq, r.body.msg_type, r.text])).toEqual([
      [1, 0, '🎤 what time is it'],
      [2, 0, 'It is **noon**.'],
      [3, 7, ''],
    ]);
  });

  it('in a group uploads to the group’s files and replies there', async () => {
    api.script({ text: 'hello group' }, { audio: wav(), contentType: 'audio/wav' });
    box.llm.script({ text: 'hello all' });
    const after = fake.replies.length;
    sayVoice(MEMBER, GROUP);
    const { reply } = await mediaReply(`g-${GROUP}`, after);
    expect(fake.mediaOf(reply.body.media.file_info)?.chatId).toBe(`g-${GROUP}`);
  });

  it('sends no voice note when the upload is refused or the WAV cannot be encoded; the text stays', async () => {
    const uploads = () => fake.events.filter((e) => e.kind === 'upload').length;
    const voices = () => fake.replies.filter((r) => r.body.msg_type === 7).length;
    const before = { uploads: uploads(), voices: voices() };
    fake.refuseUploads(40034003);
    api.script({ text: 'first' }, { audio: wav(), contentType: 'audio/wav' });
    box.llm.script({ text: 'answer one' });
    sayVoice(OWNER);
    await fake.waitForReply(OWNER, 'answer one');
    api.script({ text: 'second' }, { audio: wav(2), contentType: 'audio/wav' });
    box.llm.script({ text: 'answer two' });
    sayVoice(OWNER);
    await fake.waitForReply(OWNER, 'answer two');
    // A third goes out: the refusals did not stick.
    api.script({ text: 'third' }, { audio: wav(), contentType: 'audio/wav' });
    box.llm.script({ text: 'answer three' });
    const after = fake.replies.length;
    sayVoice(OWNER);
    await mediaReply(OWNER, after);
    expect(voices()).toBe(before.voices + 1);
    expect(uploads()).toBe(before.uploads + 1);
    expect(fake.events.some((e) => e.kind === 'refused')).toBe(false);
  });

  it('/file sends a picture as rich media (file_type 1); another file is told as text, QQ takes none', async () => {
    const files = join(box.home, 'workspace', 'chat-files');
    mkdirSync(files, { recursive: true });
    const photo = await photoWithExif(40, 30);
    writeFileSync(join(files, 'chart.jpg'), photo);
    writeFileSync(join(files, 'data.csv'), 'a,b\n1,2\n');
    const after = fake.replies.length;
    fake.say(OWNER, '/file chat-files/chart.jpg');
    const { reply } = await mediaReply(OWNER, after);
    expect(fake.mediaOf(reply.body.media.file_info)).toMatchObject({ fileType: 1, chatId: OWNER });
    expect(fake.mediaOf(reply.body.media.file_info)?.data.equals(photo)).toBe(true);
    // An upload answered without a usable file_info sends nothing and says so.
    fake.answerUploads({ file_uuid: 'x' }, { file_info: 7 }, { file_info: 'i'.repeat(70_000) });
    for (let i = 0; i < 3; i++) fake.say(OWNER, '/file chat-files/chart.jpg');
    await until(
      () => fake.replies.filter((r) => r.chatId === OWNER && r.text.includes('no file_info')).length === 3,
      'three uploads without a file_info told',
    );
    fake.say(OWNER, '/file chat-files/data.csv');
    const told = await fake.waitForReply(OWNER, join(files, 'data.csv'));
    expect(told.text).toContain('was not sent');
    expect(fake.events.filter((e) => e.kind === 'upload' && e.fileType !== 3)).toHaveLength(1);
  });
});
