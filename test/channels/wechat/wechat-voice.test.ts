/**
 * WeChat voice notes end to end: a real Aibox logged in to the fake iLink, a real SILK note (made
 * by silk-wasm) on the fake CDN, the fake transcription server. When iLink sends WeChat's own
 * transcript (`voice_item.text`) it is the turn's text and the SILK is saved, not transcribed
 * again (one transcript, not two); without it the box transcribes the SILK.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmToWav } from '../../../src/media/voice/wav.js';
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import type { FakeWeChat } from '../../helpers/fake-wechat.js';
import { until } from '../../helpers/until.js';
import { silkNote } from '../../media/voice/voice-fixtures.js';
import type { Box } from '../../server/harness.js';
import { lastSent } from '../model-saw.js';
import { OWNER, startWeChatBox } from './wechat-box.js';

describe('WeChat voice notes', () => {
  let wx: FakeWeChat;
  let box: Box;
  let api: FakeAudioApi;
  let dir: string;
  let silk: Buffer;

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-wechat-voice-'));
    silk = readFileSync(await silkNote(dir, 'note.silk', 1));
    ({ wx, box } = await startWeChatBox({
      media: { transcription: { base_url: api.baseUrl, model: 'whisper-1', api_key_env: '' } },
    }));
  });
  afterAll(async () => {
    await box?.close();
    await wx?.close();
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const voice = (extra: Record<string, unknown> = {}) => {
    const media = wx.addMedia(silk);
    return {
      type: 3,
      voice_item: {
        media: { encrypt_query_param: media.param, aes_key: media.key.toString('base64') },
        playtime: 1000,
        ...extra,
      },
    };
  };
  const userMessages = () =>
    (box.llm.requests.at(-1)?.body.messages ?? []).filter((m: { role: string }) => m.role === 'user');

  it("uses WeChat's own transcript once and does not transcribe the SILK", async () => {
    box.llm.script({ text: 'noted, 8 am' });
    wx.say(OWNER, '', { item_list: [voice({ text: '明天早上八点提醒我开会' })] });
    await wx.waitForText(OWNER, 'noted, 8 am');
    expect(userMessages().at(-1)?.content).toBe('明天早上八点提醒我开会');
    expect(lastSent(box).split('明天早上八点').length - 1).toBe(1);
    expect(api.transcriptions).toHaveLength(0);
    // The note itself is still saved, decrypted.
    const files = join(box.home, 'workspace', 'chat-files');
    const saved = readdirSync(files).filter((name) => name.endsWith('wechat-voice.silk'));
    expect(saved).toHaveLength(1);
    expect(readFileSync(join(files, saved[0] as string)).equals(silk)).toBe(true);
    // No "🎤 …" of ours: WeChat made the transcript, the chat has it.
    expect(wx.sent.some((t) => t.text.startsWith('🎤'))).toBe(false);
  });

  it('transcribes the SILK itself when WeChat sent no transcript (or an empty one)', async () => {
    api.script({ text: 'call mum at six' }, { text: 'and buy milk' });
    box.llm.script({ text: 'will do' }, { text: 'milk too' });
    wx.say(OWNER, '', { item_list: [voice()] });
    await wx.waitForText(OWNER, '🎤 call mum at six');
    await wx.waitForText(OWNER, 'will do');
    expect(userMessages().at(-1)?.content).toBe('call mum at six');
    // A transcript of nothing but control characters and blanks counts as none.
    wx.say(OWNER, '', { item_list: [voice({ text: ' \u0000\u0007 \n' })] });
    await wx.waitForText(OWNER, 'milk too');
    expect(userMessages().at(-1)?.content).toBe('and buy milk');
    expect(api.transcriptions).toHaveLength(2);
    expect(api.transcriptions[0]?.fileType).toBe('audio/wav');
  });

  it("cuts an absurdly long transcript of WeChat's and strips its control characters", async () => {
    box.llm.script({ text: 'long one' });
    wx.say(OWNER, '', { item_list: [voice({ text: `\u0001${'字'.repeat(30_000)}` })] });
    await wx.waitForText(OWNER, 'long one');
    expect(userMessages().at(-1)?.content).toBe('字'.repeat(20_000));
    expect(api.transcriptions).toHaveLength(2);
  });

  it('keeps the transcript of a voice note whose file cannot be fetched as the text', async () => {
    box.llm.script({ text: 'heard you' });
    wx.say(OWNER, '', { item_list: [{ type: 3, voice_item: { text: 'no file here' } }] });
    await wx.waitForText(OWNER, 'heard you');
    expect(userMessages().at(-1)?.content).toBe('🎤 no file here');
  });

  /** A second of 440 Hz tone as the speech service's WAV (16-bit mono, `rate` Hz, `channels`). */
  const toneWav = (rate = 24_000, channels = 1) => {
    const pcm = Buffer.alloc(rate * 2 * channels);
    for (let i = 0; i < rate * channels; i++)
      pcm.writeInt16LE(
        Math.round(8000 * Math.sin((2 * Math.PI * 440 * Math.floor(i / channels)) / rate)),
        i * 2,
      );
    const wav = pcmToWav(pcm, rate);
    wav.writeUInt16LE(channels, 22);
    return wav;
  };
  const voiceSends = () =>
    wx.calls.filter((c) => c.name === 'sendmessage' && c.body.msg.item_list[0].type === 3);

  it('with media.speech, answers a voice note with SILK uploaded encrypted to the CDN and sent as a voice item', async () => {
    const speech = box.app.config.media.speech;
    Object.assign(speech, { base_url: api.baseUrl, model: 'tts-1', voice: 'alloy' });
    try {
      api.script({ audio: toneWav(), contentType: 'audio/wav' });
      box.llm.script({ text: 'It is **sunny**.' });
      wx.say(OWNER, '', { item_list: [voice({ text: 'what is the weather' })] });
      await wx.waitForText(OWNER, 'It is sunny.');
      const sent = await wx.waitForCall(
        (c) => c.name === 'sendmessage' && c.body.msg.item_list[0].type === 3,
      );
      expect(api.speeches.at(-1)?.body).toMatchObject({ input: 'It is sunny.', response_format: 'wav' });
      const item = sent.body.msg.item_list[0].voice_item;
      expect(item).toMatchObject({ encode_type: 6, bits_per_sample: 16, media: { encrypt_type: 1 } });
      expect(item.playtime).toBeGreaterThanOrEqual(900);
      expect(item.playtime).toBeLessThanOrEqual(1100);
      expect(sent.body.msg.context_token).toMatch(/^ctx-/);
      // What reached the CDN: cipher text that decrypts, with the key the message names, to SILK.
      const silkSent = wx.sentMedia(item.media);
      expect(silkSent.subarray(0, 10).toString('latin1')).toBe('\u0002#!SILK_V3');
      const upload = wx.uploads.at(-1);
      const { createHash } = await import('node:crypto');
      expect(upload?.request).toMatchObject({
        media_type: 4,
        to_user_id: OWNER,
        rawsize: silkSent.length,
        rawfilemd5: createHash('md5').update(silkSent).digest('hex'),
        filesize: upload?.cipher?.length,
        no_need_thumb: true,
      });
      expect(upload?.request.aeskey).toMatch(/^[0-9a-f]{32}$/);
      expect(upload?.filekey).toBe(upload?.request.filekey);
      const silk = await import('silk-wasm');
      expect(silk.getDuration(silkSent)).toBeGreaterThanOrEqual(900);
    } finally {
      speech.base_url = '';
    }
  });

  it('sends no voice note for a WAV it cannot encode, a CDN that fails or an upload address off WeChat', async () => {
    const speech = box.app.config.media.speech;
    Object.assign(speech, { base_url: api.baseUrl, model: 'tts-1', voice: 'alloy' });
    try {
      const before = voiceSends().length;
      const uploadsBefore = wx.uploads.length;
      const cases: [string, () => void][] = [
        ['stereo', () => api.script({ audio: toneWav(24_000, 2), contentType: 'audio/wav' })],
        ['odd rate', () => api.script({ audio: toneWav(11_025), contentType: 'audio/wav' })],
        ['not wav', () => api.script({ audio: Buffer.from('OggS not really'), contentType: 'audio/ogg' })],
        ['cut header', () => api.script({ audio: toneWav().subarray(0, 30), contentType: 'audio/wav' })],
      ];
      for (const [what, script] of cases) {
        script();
        box.llm.script({ text: `answer ${what}` });
        wx.say(OWNER, '', { item_list: [voice({ text: `say ${what}` })] });
        await wx.waitForText(OWNER, `answer ${what}`);
      }
      // The CDN answers 500, then no download parameter; then iLink names an upload URL elsewhere.
      wx.scriptUploads(
        { cdnStatus: 500 },
        { noDownloadParam: true },
        { fullUrl: 'https://evil.example/upload' },
      );
      for (const what of ['cdn down', 'no param', 'foreign url']) {
        api.script({ audio: toneWav(), contentType: 'audio/wav' });
        box.llm.script({ text: `answer ${what}` });
        wx.say(OWNER, '', { item_list: [voice({ text: `say ${what}` })] });
        await wx.waitForText(OWNER, `answer ${what}`);
      }
      await until(() => wx.uploads.length === uploadsBefore + 3, 'three uploads asked for');
      // A voice note after them goes out again.
      api.script({ audio: toneWav(), contentType: 'audio/wav' });
      box.llm.script({ text: 'answer fine' });
      wx.say(OWNER, '', { item_list: [voice({ text: 'say fine' })] });
      await wx.waitForCall(
        (c) => c.name === 'sendmessage' && c.body.msg.item_list[0].type === 3 && voiceSends().length > before,
      );
      expect(voiceSends().length).toBe(before + 1);
      expect(wx.uploads.length).toBe(uploadsBefore + 4);
    } finally {
      speech.base_url = '';
    }
  });
});
