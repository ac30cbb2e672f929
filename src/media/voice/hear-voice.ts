/**
 * One saved voice file heard (docs/media.md, "Voice"): transcribed when `media.transcription` is
 * set, at most a few at once (voice-slots.ts). Answers what the turn says (the transcript, or a
 * note telling the model where the file is and why it was not transcribed) and what the person is
 * shown ("🎤 …"). Shared by the chats (chat-voice.ts) and the page's uploads (media-services.ts).
 * The conversion and the openai SDK load with the first transcription, not at start.
 */
import { join } from 'node:path';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { isConfigured } from './audio-endpoint.js';
import type { AudioFormat } from './audio-format.js';
import type { FfmpegPlace } from './ffmpeg-runner.js';
import { voiceMessages } from './messages.js';
import { describeVoiceError } from './voice-error.js';
import { createVoiceSlots } from './voice-slots.js';

export interface HeardVoice {
  /** The turn's text: the transcript, or a note for the model naming the saved file. */
  text: string;
  /** For the person: the transcript as "🎤 …", why it failed, or how to turn transcription on. */
  shown: string;
  outcome: 'transcribed' | 'not_configured' | 'failed';
}

export interface VoiceHearer {
  /** `saved` is relative to `workspace`; `format` is what its bytes say (for the log). */
  hear(
    workspace: string,
    saved: string,
    format: AudioFormat | string,
    lang: Lang,
    signal?: AbortSignal,
  ): Promise<HeardVoice>;
}

export interface VoiceHearerOptions {
  media: () => Config['media'];
  /** Where ffmpeg runs (ffmpeg-place.ts); asked once, with the first transcription. */
  place: () => Promise<FfmpegPlace>;
  env: NodeJS.ProcessEnv;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export function createVoiceHearer(options: VoiceHearerOptions): VoiceHearer {
  const { logger } = options;
  const slots = createVoiceSlots();
  let place: Promise<FfmpegPlace> | undefined;
  return {
    async hear(workspace, saved, format, lang, signal) {
      const t = voiceMessages(lang);
      const media = options.media();
      if (!isConfigured(media.transcription))
        return { text: t.voiceSaved(saved), shown: t.enableHint, outcome: 'not_configured' };
      place ??= options.place();
      const [{ transcribeVoiceNote }, where] = await Promise.all([import('./voice-note.js'), place]);
      const started = performance.now();
      const heard = (await slots.run(() =>
        transcribeVoiceNote(join(workspace, saved), {
          media,
          place: where,
          env: options.env,
          ...(signal ? { signal } : {}),
        }),
      )) ?? { error: { reason: 'busy' as const } };
      if ('text' in heard) {
        logger.info(
          { format, seconds: Math.round(heard.seconds), ms: Math.round(performance.now() - started) },
          'voice note transcribed',
        );
        return { text: heard.text, shown: t.transcript(heard.text), outcome: 'transcribed' };
      }
      const why = describeVoiceError(heard.error, lang);
      logger.warn({ format, reason: heard.error.reason, why }, 'voice note not transcribed');
      return { text: t.voiceFailed(saved, why), shown: t.notTranscribed(why), outcome: 'failed' };
    },
  };
}
