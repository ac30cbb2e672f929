/**
 * `aibox channels check`: for each channel, whether its credentials are present, private
 * and accepted by the vendor, said in the user's language. Credentials are never printed.
 */
import { statSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { TELEGRAM_TOKEN_ENV, telegramSettings } from './channel-config.js';
import { checkMessages } from './check-messages.js';
import { scrubbedMessage } from './telegram/scrub-error.js';

export interface ChannelCheck {
  channel: string;
  ok: boolean;
  /** Lines for the user. */
  lines: string[];
}

/** Whether anyone but the owner can read the config file (only matters when it holds a secret). */
function configReadableByOthers(configPath: string): boolean {
  try {
    return (statSync(configPath).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

async function checkTelegram(
  config: Config,
  configPath: string,
  env: NodeJS.ProcessEnv,
  lang: Lang,
  timeoutMs: number,
): Promise<ChannelCheck> {
  const t = checkMessages(lang);
  const settings = telegramSettings(config, env);
  if (!settings)
    return { channel: 'telegram', ok: true, lines: [t.notConfigured('Telegram', TELEGRAM_TOKEN_ENV)] };
  const lines: string[] = [];
  const fromConfig = config.channels.telegram.token !== '';
  lines.push(fromConfig ? t.tokenFromConfig : t.tokenFromEnv(TELEGRAM_TOKEN_ENV));
  if (fromConfig && configReadableByOthers(configPath)) lines.push(t.configNotPrivate(configPath));
  if (settings.allowedIds.length === 0) lines.push(t.noAllowedIds);
  const { Api, GrammyError } = await import('grammy');
  const api = new Api(settings.token, { apiRoot: settings.apiRoot || 'https://api.telegram.org' });
  try {
    const signal = AbortSignal.timeout(timeoutMs) as unknown as NonNullable<Parameters<typeof api.getMe>[0]>;
    const me = await api.getMe(signal);
    lines.push(t.telegramOk(me.username));
    return { channel: 'telegram', ok: true, lines };
  } catch (error) {
    if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404))
      lines.push(t.tokenRejected);
    else
      lines.push(
        t.unreachable(settings.apiRoot || 'https://api.telegram.org', scrubbedMessage(error, settings.token)),
      );
    return { channel: 'telegram', ok: false, lines };
  }
}

export async function checkChannels(
  config: Config,
  configPath: string,
  lang: Lang,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 10_000,
): Promise<ChannelCheck[]> {
  return [await checkTelegram(config, configPath, env, lang, timeoutMs)];
}
