/**
 * Voice in Feishu/Lark, end to end: an `audio` message (real Opus in Ogg) is downloaded,
 * transcribed through the fake OpenAI-compatible server and answered; with `media.speech` set the
 * answer also goes back as a voice message: uploaded to `im/v1/files` (multipart, `file_type:
 * opus`, its duration in ms) and sent as `msg_type: audio`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oggOpusMs } from '../../../src/media/voice/ogg-duration.js';
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import type { FakeLark } from '../../helpers/fake-lark.js';
import { until } from '../../helpers/until.js';
import { encodeTone } from '../../media/voice/voice-fixtures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, OWNER_CHAT, startLarkBox } from './lark-box.js';

describe('Feishu/Lark voice', () => {
  let lark: FakeLark;
  let box: Box;
  let api: FakeAudioApi;
  let dir: string;
  let note: Buffer;
  let reply: Buffer;

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-lark-voice-'));
    note = readFileSync(encodeTone(dir, 'note.ogg', 'ogg-opus', 2));
    reply = readFileSync(encodeTone(dir, 'reply.ogg', 'ogg-opus', 3));
    ({ lark, box } = await startLarkBox({
      config: {
        media: {
          transcription: { base_url: api.baseUrl, model: 'whisper-1' },
          speech: { base_url: api.baseUrl, model: 'tts-1' },
        },
      },
    }));
  });
  afterAll(async () => {
    await box?.close();
    await lark?.close();
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hears an audio message and answers it in text and in voice', async () => {
    lark.addResource('file_v3_voice', note);
    api.script({ text: '帮我查一下天气' }, { audio: reply });
    box.llm.script({ text: '今天晴' });
    lark.send(OWNER, 'audio', { file_key: 'file_v3_voice', duration: 2000 });
    await until(() => lark.voices.length === 1, 'the voice reply');
    const shown = [...lark.cards.values()].filter((c) => c.chatId === OWNER_CHAT).map((c) => c.text);
    expect(shown).toContain('🎤 帮我查一下天气');
    expect(shown.some((text) => text.includes('今天晴'))).toBe(true);
    expect(lark.voices[0]?.chatId).toBe(OWNER_CHAT);
    expect(lark.voices[0]?.data.equals(reply)).toBe(true);
    expect(lark.voices[0]?.duration).toBe(oggOpusMs(reply));
    expect(Math.abs((lark.voices[0]?.duration ?? 0) - 3000)).toBeLessThan(50);
  });
});
