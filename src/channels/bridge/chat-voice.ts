/**
 * Voice notes in chat (docs/media.md, "Voice"): a saved file that is audio by its content is
 * transcribed (src/media/voice), the transcript shown to the person as "🎤 …" and made the
 * turn's text. Without `media.transcription` the model is told a voice note was saved and where,
 * and the chat is told once (per chat, while the box runs) how to turn transcription on.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../app/services.js';
import type { Lang } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { isConfigured } from '../../media/voice/audio-endpoint.js';
import { voiceFormatOf } from '../../media/voice/audio-format.js';
import type { FfmpegPlace } from '../../media/voice/ffmpeg-runner.js';
import { voiceMessages } from '../../media/voice/messages.js';
import { describeVoiceError } from '../../media/voice/voice-error.js';
import { createVoiceSlots } from '../../media/voice/voice-slots.js';
import { createRecentIds } from './recent-ids.js';

/** Chats told how to enable transcription, remembered (bounded). */
const HINTED_CHATS = 10_000;

interface Heard {
  text: string;
  transcribed: boolean;
}

export interface ChatVoice {
  /**
   * What the turn says for the saved file `saved` (relative to `workspace`): the transcript, or
   * a note for the model (`transcribed` false); undefined when the file is not a voice note.
   */
  hear(chatId: string, workspace: string, saved: string, lang: Lang): Promise<Heard | undefined>;
}

export function createChatVoice(options: {
  app: AppServices;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Posts a text to the chat (through the outbox). */
  post: (chatId: string, text: string) => Promise<void>;
}): ChatVoice {
  const { app, logger } = options;
  const hinted = createRecentIds(HINTED_CHATS);
  let place: FfmpegPlace | undefined;
  const slots = createVoiceSlots();
  return {
    async hear(chatId, workspace, saved, lang) {
      const path = join(workspace, saved);
      const format = await voiceFormatOf(path);
      if (!format) return undefined;
      const t = voiceMessages(lang);
      const media = app.config.media;
      if (!isConfigured(media.transcription)) {
        if (hinted.firstSeen(chatId)) await options.post(chatId, t.enableHint);
        return { text: t.voiceSaved(saved), transcribed: false };
      }
      // The conversion and the openai SDK load with the first voice note.
      const [{ transcribeVoiceNote }, { ffmpegPlaceOf }] = await Promise.all([
        import('../../media/voice/voice-note.js'),
        import('../../media/voice/ffmpeg-place.js'),
      ]);
      place ??= ffmpegPlaceOf(app.sandbox, app.paths, options.env.HOME ?? homedir());
      const started = performance.now();
      const where = place;
      const heard = (await slots.run(() =>
        transcribeVoiceNote(path, { media, place: where, env: options.env }),
      )) ?? {
        error: { reason: 'busy' as const },
      };
      if ('text' in heard) {
        logger.info(
          { format, seconds: Math.round(heard.seconds), ms: Math.round(performance.now() - started) },
          'voice note transcribed',
        );
        await options.post(chatId, t.transcript(heard.text));
        return { text: heard.text, transcribed: true };
      }
      const why = describeVoiceError(heard.error, lang);
      logger.warn({ format, reason: heard.error.reason, why }, 'voice note not transcribed');
      await options.post(chatId, t.notTranscribed(why));
      return { text: t.voiceFailed(saved, why), transcribed: false };
    },
  };
}
