/**
 * A received voice file to text: checked (a regular file, at most `media.max_audio_bytes`, audio
 * by its content), converted (convert-voice.ts: length-limited, ffmpeg sandboxed), and sent to
 * `media.transcription`. Never throws: every way it can fail is a `VoiceFailure` to say.
 */
import { lstat } from 'node:fs/promises';
import type { Config } from '../../config/schema.js';
import { isConfigured } from './audio-endpoint.js';
import { audioFormatOfFile } from './audio-format.js';
import { type ConvertOptions, toSpeechWav } from './convert-voice.js';
import type { FfmpegPlace } from './ffmpeg-runner.js';
import { transcribeWav } from './transcribe.js';
import { VoiceError, type VoiceFailure } from './voice-error.js';

export interface VoiceNoteOptions {
  media: Config['media'];
  place: FfmpegPlace;
  /** Where `media.transcription.api_key_env` is read. */
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Time limits and programs of the conversion (tests); defaults otherwise. */
  convert?: Pick<ConvertOptions, 'probeTimeoutMs' | 'convertTimeoutMs' | 'programs'>;
}

export type VoiceNoteResult = { text: string; seconds: number } | { error: VoiceFailure };

export async function transcribeVoiceNote(path: string, options: VoiceNoteOptions): Promise<VoiceNoteResult> {
  const { media } = options;
  try {
    if (!isConfigured(media.transcription)) return { error: { reason: 'not_configured' } };
    const info = await lstat(path);
    if (!info.isFile()) return { error: { reason: 'not_audio' } };
    if (info.size > media.max_audio_bytes)
      return { error: { reason: 'too_big', maxBytes: media.max_audio_bytes } };
    const format = await audioFormatOfFile(path);
    if (!format) return { error: { reason: 'not_audio' } };
    const audio = await toSpeechWav(path, format, {
      ...options.convert,
      maxSeconds: media.max_audio_s,
      place: options.place,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const text = await transcribeWav(audio.wav, media.transcription, {
      env: options.env,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { text, seconds: audio.seconds };
  } catch (error) {
    if (error instanceof VoiceError) return { error: error.failure };
    const detail = error instanceof Error ? error.message : String(error);
    return { error: { reason: 'unreadable', detail: detail.slice(0, 200) } };
  }
}
