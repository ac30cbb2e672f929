/**
 * Text to speech over an OpenAI-compatible `POST {base_url}/audio/speech` (JSON `model`, `voice`,
 * `input`, `response_format`; the answer is the audio itself), for channels that play voice.
 * Asked for as Opus in Ogg, what most chat apps play as a voice note, or as WAV for the apps that
 * play SILK (WeChat, QQ: speech-silk.ts encodes it); an answer not in the format asked for is
 * refused, as is one over its size limit or text over `media.speech.max_chars`.
 */
import type { Config } from '../../config/schema.js';
import { audioClient, describeAudioError } from './audio-client.js';
import { isConfigured } from './audio-endpoint.js';
import { audioFormatOf } from './audio-format.js';

/** About ten minutes of Opus at 32 kb/s. */
export const MAX_SPEECH_BYTES = 4 * 1024 * 1024;
/** About five and a half minutes of 24 kHz 16-bit mono WAV (what OpenAI's `wav` is). */
export const MAX_SPEECH_WAV_BYTES = 16 * 1024 * 1024;

/** `opus`: Opus in Ogg (the default); `wav`: PCM in WAV, to be encoded as SILK. */
export type SpeechFormat = 'opus' | 'wav';

export type SpeechResult = { audio: Uint8Array } | { error: string };

export async function synthesizeSpeech(
  text: string,
  settings: Config['media']['speech'],
  options: { env: NodeJS.ProcessEnv; timeoutMs?: number; signal?: AbortSignal; format?: SpeechFormat },
): Promise<SpeechResult> {
  const format = options.format ?? 'opus';
  if (!isConfigured(settings)) return { error: 'media.speech is not set' };
  const input = text.trim();
  if (input === '') return { error: 'nothing to say' };
  if (input.length > settings.max_chars) return { error: `longer than ${settings.max_chars} characters` };
  const client = audioClient(settings, {
    env: options.env,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxAnswerBytes: format === 'wav' ? MAX_SPEECH_WAV_BYTES : MAX_SPEECH_BYTES,
  });
  try {
    const response = await client.audio.speech.create(
      { model: settings.model.trim(), voice: settings.voice, input, response_format: format },
      options.signal ? { signal: options.signal } : {},
    );
    const audio = new Uint8Array(await response.arrayBuffer());
    const expected = format === 'wav' ? 'wav' : 'ogg';
    if (audioFormatOf(audio.subarray(0, 16)) !== expected)
      return { error: `the answer is not ${format === 'wav' ? 'WAV' : 'Ogg'} audio` };
    return { audio };
  } catch (error) {
    return { error: describeAudioError(error) };
  }
}
