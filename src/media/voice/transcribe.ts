/**
 * Speech to text over an OpenAI-compatible `POST {base_url}/audio/transcriptions` (multipart:
 * `file`, `model`, `language`, `response_format=json`; the answer `{"text": …}`), as OpenAI's
 * whisper-1, SiliconFlow's SenseVoice, whisper.cpp's server and vLLM serve it. The text is trimmed
 * and cut (clean-transcript.ts): the answer is an outside service's, as hostile as any input.
 */
import { toFile } from 'openai';
import type { Config } from '../../config/schema.js';
import { audioClient, describeAudioError } from './audio-client.js';
import { cleanTranscript } from './clean-transcript.js';
import { VoiceError } from './voice-error.js';

const MAX_ANSWER_BYTES = 1024 * 1024;

export async function transcribeWav(
  wav: Buffer,
  settings: Config['media']['transcription'],
  options: { env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<string> {
  const client = audioClient(settings, {
    env: options.env,
    timeoutMs: settings.timeout_s * 1000,
    maxAnswerBytes: MAX_ANSWER_BYTES,
  });
  let text: unknown;
  try {
    const answer = await client.audio.transcriptions.create(
      {
        file: await toFile(wav, 'voice.wav', { type: 'audio/wav' }),
        model: settings.model.trim(),
        response_format: 'json',
        ...(settings.language.trim() ? { language: settings.language.trim() } : {}),
      },
      options.signal ? { signal: options.signal } : {},
    );
    text = (answer as { text?: unknown }).text;
  } catch (error) {
    throw new VoiceError({ reason: 'service', detail: describeAudioError(error) });
  }
  if (typeof text !== 'string') throw new VoiceError({ reason: 'service', detail: 'the answer has no text' });
  const cleaned = cleanTranscript(text);
  if (cleaned === '') throw new VoiceError({ reason: 'empty' });
  return cleaned;
}
