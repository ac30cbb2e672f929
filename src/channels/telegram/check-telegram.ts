/**
 * `aibox channels check` for Telegram: getMe with the token; the token never appears in what it
 * says. grammY (and node-fetch under it) is loaded only when a token is set.
 */
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { credentialLines } from '../check-credentials.js';
import { channelCheckMessages } from '../messages.js';
import { scrubbedMessage } from './scrub-error.js';
import { TELEGRAM_TOKEN_ENV, telegramSettings } from './telegram-settings.js';

const TELEGRAM_API_ROOT = 'https://api.telegram.org';

export async function checkTelegram(input: ChannelCheckInput): Promise<ChannelCheck> {
  const t = channelCheckMessages(input.lang);
  const settings = telegramSettings(input.config, input.env);
  if (!settings)
    return { channel: 'telegram', ok: true, lines: [t.notConfigured('Telegram', TELEGRAM_TOKEN_ENV)] };
  const fromConfig = input.config.channels.telegram.token !== '';
  const lines = credentialLines(input, fromConfig, TELEGRAM_TOKEN_ENV, settings.allowedIds.length);
  const apiRoot = settings.apiRoot || TELEGRAM_API_ROOT;
  const { Api, GrammyError } = await import('grammy');
  const api = new Api(settings.token, { apiRoot });
  try {
    const signal = AbortSignal.timeout(input.timeoutMs) as unknown as NonNullable<
      Parameters<typeof api.getMe>[0]
    >;
    const me = await api.getMe(signal);
    lines.push(t.telegramOk(me.username));
    return { channel: 'telegram', ok: true, lines };
  } catch (error) {
    if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404))
      lines.push(t.tokenRejected);
    else lines.push(t.unreachable(apiRoot, scrubbedMessage(error, settings.token)));
    return { channel: 'telegram', ok: false, lines };
  }
}
