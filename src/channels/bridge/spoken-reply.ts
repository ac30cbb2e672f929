/**
 * Spoken replies (docs/media.md, "Spoken replies"): with `media.speech` set, the answer to a
 * voice note is also sent as a voice note, on transports that can send one (`sendVoice`): Opus in
 * Ogg as the speech service makes it, or, for WeChat and QQ, its WAV encoded as SILK. The
 * text answer has gone out already; a reply that cannot be spoken (too long, the service failed,
 * the vendor refused) is logged and nothing more, the person has the text.
 */
import type { AppServices } from '../../app/services.js';
import type { Logger } from '../../log/logger.js';
import { isConfigured } from '../../media/voice/audio-endpoint.js';
import { oggOpusMs } from '../../media/voice/ogg-duration.js';
import type { ChannelTransport } from '../types.js';

/** The answer as it is read out: Markdown marks, code and link targets left out. */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>~|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function createSpokenReplies(options: {
  app: AppServices;
  transport: ChannelTransport;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}): { wanted(): boolean; speak(chatId: string, answer: string): Promise<void> } {
  const { app, transport, logger } = options;
  return {
    wanted: () => transport.sendVoice !== undefined && isConfigured(app.config.media.speech),
    async speak(chatId, answer) {
      if (!transport.sendVoice) return;
      const settings = app.config.media.speech;
      const { synthesizeSpeech } = await import('../../media/voice/speech.js'); // the SDK, on first use
      const silk = transport.voiceFormat === 'silk';
      const result = await synthesizeSpeech(spokenText(answer), settings, {
        env: options.env,
        format: silk ? 'wav' : 'opus',
      });
      if ('error' in result) {
        logger.warn({ why: result.error }, 'spoken reply not made');
        return;
      }
      try {
        const voice = silk
          ? await (await import('../../media/voice/speech-silk.js')).wavToSilk(result.audio)
          : { data: result.audio, ms: oggOpusMs(result.audio) ?? 0 };
        await transport.sendVoice(chatId, voice.data, voice.ms);
      } catch (error) {
        logger.warn({ err: error }, 'sending a spoken reply failed');
      }
    },
  };
}
