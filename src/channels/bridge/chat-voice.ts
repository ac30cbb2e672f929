/**
 * Voice notes in chat (docs/media.md, "Voice"): a saved file that is audio by its content is
 * heard (src/media/voice/hear-voice.ts), the transcript shown to the person as "🎤 …" and made
 * the turn's text. Without `media.transcription` the model is told a voice note was saved and
 * where, and the chat is told once (per chat, while the box runs) how to turn transcription on.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { AppServices } from '../../app/services.js';
import type { Lang } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { voiceFormatOf } from '../../media/voice/audio-format.js';
import { createVoiceHearer } from '../../media/voice/hear-voice.js';
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
  const { app } = options;
  const hinted = createRecentIds(HINTED_CHATS);
  const hearer = createVoiceHearer({
    media: () => app.config.media,
    place: async () =>
      (await import('../../media/voice/ffmpeg-place.js')).ffmpegPlaceOf(
        app.sandbox,
        app.paths,
        options.env.HOME ?? homedir(),
      ),
    env: options.env,
    logger: options.logger,
  });
  return {
    async hear(chatId, workspace, saved, lang) {
      const format = await voiceFormatOf(join(workspace, saved));
      if (!format) return undefined;
      const heard = await hearer.hear(workspace, saved, format, lang);
      if (heard.outcome !== 'not_configured' || hinted.firstSeen(chatId))
        await options.post(chatId, heard.shown);
      return { text: heard.text, transcribed: heard.outcome === 'transcribed' };
    },
  };
}
