/**
 * Text to speech over an OpenAI-compatible `POST {base_url}/audio/speech` (JSON `model`, `voice`,
 * `input`, `response_format`; the answer is the audio itself), for channels that play voice.
 * Asked for as Opus in Ogg, what chat apps play as a voice note; an answer that is not Ogg is
 * refused, as is one over MAX_SPEECH_BYTES or text over `media.speech.max_chars`.
 */
import type { Config } from '../../config/schema.js';
import { audioClient, describeAudioError } from './audio-client.js';
import { isConfigured } from './audio-endpoint.js';
import { audioFormatOf } from './audio-format.js';

/** About ten minutes of Opus at 32 kb/s. */
export const MAX_SPEECH_BYTES = 4 * 1024 * 1024;

export type SpeechResult = { audio: Uint8Array } | { error: string };

export async function synthesizeSpeech(
  text: string,
  settings: Config['media']['speech'],
  options: { env: NodeJS.ProcessEnv; timeoutMs?: number; signal?: AbortSignal },
): Promise<SpeechResult> {
  if (!isConfigured(settings)) return { error: 'media.speech is not set' };
  const input = text.trim();
  if (input === '') return { error: 'nothing to say' };
  if (input.length > settings.max_chars) return { error: `longer than ${settings.max_chars} characters` };
  const client = audioClient(settings, {
    env: options.env,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxAnswerBytes: MAX_SPEECH_BYTES,
  });
  try {
    const response = await client.audio.speech.create(
      { model: settings.model.trim(), voice: settings.voice, input, response_format: 'opus' },
      options.signal ? { signal: options.signal } : {},
    );
    const audio = new Uint8Array(await response.arrayBuffer());
    if (audioFormatOf(audio.subarray(0, 16)) !== 'ogg') return { error: 'the answer is not Ogg audio' };
    return { audio };
  } catch (error) {
    return { error: describeAudioError(error) };
  }
}
