/**
 * Voice notes in a chat, end to end: a real Aibox polls the fake Telegram Bot API, a voice note
 * (real Opus in Ogg made by ffmpeg) is downloaded, saved, converted by the real ffmpeg and sent to
 * a fake OpenAI-compatible transcription server; the chat sees "🎤 …" and the model gets the
 * transcript as the turn's text. Without `media.transcription` the model is told where the note
 * was saved and the chat is told once how to turn transcription on.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAudioApi } from '../../helpers/fake-audio-api.js';
import { startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import type { FakeTelegram } from '../../helpers/fake-telegram.js';
import { encodeTone } from '../../media/voice/voice-fixtures.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startTelegramBox, waitForText as waitForTextIn } from '../telegram/telegram-box.js';

describe('voice notes in a chat', () => {
  let tg: FakeTelegram;
  let box: Box;
  let api: FakeAudioApi;
  let dir: string;
  let note: Buffer;

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-chat-voice-'));
    note = readFileSync(encodeTone(dir, 'note.ogg', 'ogg-opus', 2));
    ({ tg, box } = await startTelegramBox({
      media: { transcription: { base_url: api.baseUrl, model: 'whisper-1', api_key_env: 'STT_TEST_KEY' } },
    }));
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const waitForText = (text: string) => waitForTextIn(tg, OWNER, text);
  const sendVoice = (id: string) => {
    tg.addFile(id, note);
    tg.say(OWNER, undefined, {
      voice: { file_id: id, file_unique_id: id, duration: 2, mime_type: 'audio/ogg' },
    });
  };
  const lastUser = () =>
    box.llm.requests
      .at(-1)
      ?.body.messages.filter((m: { role: string }) => m.role === 'user')
      .at(-1)?.content;

  it('shows the transcript as 🎤 and makes it the turn’s text', async () => {
    api.script({ text: '明天早上八点提醒我开会' });
    box.llm.script({ text: '好的，已记下' });
    sendVoice('voice-1');
    await waitForText('🎤 明天早上八点提醒我开会');
    await waitForText('好的，已记下');
    expect(lastUser()).toBe('明天早上八点提醒我开会');
    expect(api.transcriptions.at(-1)?.model).toBe('whisper-1');
    expect(api.transcriptions.at(-1)?.fileType).toBe('audio/wav');
  });

  it('says why a note was not transcribed, and tells the model where it is', async () => {
    api.script({ status: 500 }, { status: 500 });
    box.llm.script({ text: 'could not hear it' });
    sendVoice('voice-2');
    await waitForText('was not transcribed');
    await waitForText('could not hear it');
    expect(lastUser()).toMatch(
      /voice note, saved in the workspace as: chat-files\/\S+voice-\d+\.ogg; transcribing it failed: .*HTTP 500/,
    );
  });

  it('without media.transcription: the model is told a voice note was saved, the chat how to enable it, once', async () => {
    const saved = box.app.config.media.transcription.base_url;
    box.app.config.media.transcription.base_url = '';
    try {
      const before = api.transcriptions.length;
      box.llm.script({ text: 'noted the file' }, { text: 'noted again' });
      sendVoice('voice-3');
      await waitForText('Voice note received and saved');
      await waitForText('noted the file');
      expect(lastUser()).toMatch(
        /voice note, saved in the workspace as: chat-files\/\S+\.ogg; it was not transcribed/,
      );
      sendVoice('voice-4');
      await waitForText('noted again');
      const hints = [...tg.messages.values()].filter((m) => m.text.includes('Voice note received and saved'));
      expect(hints).toHaveLength(1);
      expect(api.transcriptions.length).toBe(before);
    } finally {
      box.app.config.media.transcription.base_url = saved;
    }
  });

  it('with media.speech set, answers a voice note with a voice note too (Telegram sendVoice)', async () => {
    const speech = box.app.config.media.speech;
    Object.assign(speech, { base_url: api.baseUrl, model: 'tts-1', voice: 'alloy' });
    try {
      api.script({ text: 'what is the weather' }, { audio: note });
      box.llm.script({ text: '**Sunny**, see [the forecast](https://example.com/x).' });
      sendVoice('voice-5');
      await waitForText('Sunny');
      await tg.waitForCall((c) => c.method === 'sendVoice');
      expect(tg.voices.at(-1)?.data.equals(note)).toBe(true);
      expect(api.speeches.at(-1)?.body).toEqual({
        model: 'tts-1',
        voice: 'alloy',
        input: 'Sunny, see the forecast.',
        response_format: 'opus',
      });
      // A typed message gets text only.
      box.llm.script({ text: 'typed answer' });
      const speeches = api.speeches.length;
      tg.say(OWNER, 'typed question');
      await waitForText('typed answer');
      expect(api.speeches.length).toBe(speeches);
    } finally {
      speech.base_url = '';
    }
  });
});
