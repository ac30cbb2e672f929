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
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import type { FakeWeChat } from '../../helpers/fake-wechat.js';
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
});
