/** Telegram as a channel kind: settings here, grammY loaded only when the channel starts or is checked. */
import type { ChannelKind } from '../channel-kind.js';
import { TELEGRAM_TOKEN_ENV, telegramSettings } from './telegram-settings.js';

export const telegramChannel: ChannelKind = {
  name: 'telegram',
  label: 'Telegram',
  setup: { keys: ['channels.telegram.token'], env: [TELEGRAM_TOKEN_ENV] },
  configured: (config, env) => telegramSettings(config, env) !== undefined,
  allowedIds: (config, env) => telegramSettings(config, env)?.allowedIds ?? [],
  async createTransport(config, env, logger, tuning) {
    const settings = telegramSettings(config, env);
    if (!settings) throw new Error(`Telegram: no token (${TELEGRAM_TOKEN_ENV})`);
    const { createTelegramTransport } = await import('./telegram-transport.js');
    return createTelegramTransport({ token: settings.token, apiRoot: settings.apiRoot, logger, ...tuning });
  },
  async check(input) {
    const { checkTelegram } = await import('./check-telegram.js');
    return checkTelegram(input);
  },
};
