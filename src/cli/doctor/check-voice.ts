/**
 * Voice notes (docs/media.md): whether they are transcribed (`media.transcription`), and when they
 * are, that Debian's ffmpeg and ffprobe are there and the key variable it names is set; whether
 * spoken replies are on. No network: the endpoints are not asked.
 */
import { isConfigured } from '../../media/voice/audio-endpoint.js';
import { systemProgram } from '../../safety/sandbox/sandbox-network.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export function checkVoice({ ctx, env, t }: DoctorInput): DoctorCheck {
  const { transcription, speech } = ctx.loaded.config.media;
  const lines = isConfigured(speech) ? [t.voiceSpeech(speech.model)] : [];
  if (!isConfigured(transcription)) return { id: 'voice', status: 'skip', summary: t.voiceOff, lines };
  const missing = ['ffmpeg', 'ffprobe'].filter((tool) => !systemProgram(tool));
  const keyEnv = transcription.api_key_env.trim();
  if (missing.length > 0)
    return {
      id: 'voice',
      status: 'warn',
      summary: t.voiceNoFfmpeg(missing.join(', ')),
      lines,
      fix: t.voiceFfmpegFix,
    };
  if (keyEnv && !env[keyEnv]?.trim())
    return { id: 'voice', status: 'warn', summary: t.voiceNoKey(keyEnv), lines, fix: t.voiceKeyFix(keyEnv) };
  let host = transcription.base_url;
  try {
    host = new URL(transcription.base_url).host;
  } catch {}
  return { id: 'voice', status: 'ok', summary: t.voiceOn(transcription.model, host), lines };
}
