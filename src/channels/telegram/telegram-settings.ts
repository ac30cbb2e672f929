/** Telegram's settings with the token resolved from config or the environment (import-light). */
import type { Config } from '../../config/schema.js';

export const TELEGRAM_TOKEN_ENV = 'AIBOX_TELEGRAM_TOKEN';

interface TelegramSettings {
  token: string;
  apiRoot: string;
  allowedIds: string[];
}

export function telegramSettings(config: Config, env: NodeJS.ProcessEnv): TelegramSettings | undefined {
  const section = config.channels.telegram;
  const token = section.token || env[TELEGRAM_TOKEN_ENV] || '';
  if (!token) return undefined;
  return { token, apiRoot: section.api_root, allowedIds: section.allowed_ids.map(String) };
}
