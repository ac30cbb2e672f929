/** synthesizeSpeech against a fake OpenAI-compatible /audio/speech: what is sent, and what is refused. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config/schema.js';
import { MAX_SPEECH_BYTES, synthesizeSpeech } from '../../../src/media/voice/speech.js';
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import { encodeTone } from './voice-fixtures.js';

describe('synthesizeSpeech', () => {
  let api: FakeAudioApi;
  let dir: string;
  let ogg: Buffer;
  const settings = () => ({
    ...defaultConfig().media.speech,
    base_url: api.baseUrl,
    model: 'FunAudioLLM/CosyVoice2-0.5B',
    voice: 'FunAudioLLM/CosyVoice2-0.5B:alex',
    api_key_env: 'TTS_KEY',
    max_chars: 50,
  });
  const env = { TTS_KEY: 'sk-tts' };

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-speech-'));
    ogg = readFileSync(encodeTone(dir, 'reply.ogg', 'ogg-opus', 1));
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks for Opus with the model, voice and key, and hands back the Ogg audio', async () => {
    api.script({ audio: ogg });
    const result = await synthesizeSpeech('  你好，世界  ', settings(), { env });
    expect('audio' in result && Buffer.from(result.audio).equals(ogg)).toBe(true);
    expect(api.speeches.at(-1)).toEqual({
      authorization: 'Bearer sk-tts',
      body: {
        model: 'FunAudioLLM/CosyVoice2-0.5B',
        voice: 'FunAudioLLM/CosyVoice2-0.5B:alex',
        input: '你好，世界',
        response_format: 'opus',
      },
    });
  });

  it('is off by default, and refuses empty or too long text without asking', async () => {
    const before = api.speeches.length;
    expect(await synthesizeSpeech('hi', defaultConfig().media.speech, { env })).toEqual({
      error: 'media.speech is not set',
    });
    expect(await synthesizeSpeech('  ', settings(), { env })).toEqual({ error: 'nothing to say' });
    expect(await synthesizeSpeech('x'.repeat(51), settings(), { env })).toEqual({
      error: 'longer than 50 characters',
    });
    expect(api.speeches.length).toBe(before);
  });

  it('asks for WAV when told to (for SILK) and refuses an answer that is not WAV', async () => {
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(24)]);
    api.script({ audio: wav, contentType: 'audio/wav' }, { audio: ogg });
    const result = await synthesizeSpeech('hi', settings(), { env, format: 'wav' });
    expect('audio' in result && Buffer.from(result.audio).equals(wav)).toBe(true);
    expect(api.speeches.at(-1)?.body.response_format).toBe('wav');
    expect(await synthesizeSpeech('hi', settings(), { env, format: 'wav' })).toEqual({
      error: 'the answer is not WAV audio',
    });
  });

  it('refuses an answer that is not Ogg, one over the size limit, and an HTTP error', async () => {
    api.script({ audio: Buffer.from('ID3 pretending to be mp3'), contentType: 'audio/mpeg' });
    expect(await synthesizeSpeech('hi', settings(), { env })).toEqual({
      error: 'the answer is not Ogg audio',
    });
    api.script({ audio: Buffer.concat([ogg, Buffer.alloc(MAX_SPEECH_BYTES)]) });
    const big = await synthesizeSpeech('hi', settings(), { env });
    expect('error' in big && big.error).toContain(`over ${MAX_SPEECH_BYTES} bytes`);
    api.script({ status: 400, body: JSON.stringify({ error: { message: 'unknown voice' } }) });
    const refused = await synthesizeSpeech('hi', settings(), { env });
    expect('error' in refused && refused.error).toMatch(/HTTP 400.*unknown voice/);
  });
});
