/**
 * Which channels are configured, with their credentials resolved from config or the
 * environment. Import-light on purpose: the server reads it at start-up without loading
 * any vendor SDK.
 */
import { join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';

export const TELEGRAM_TOKEN_ENV = 'AIBOX_TELEGRAM_TOKEN';

export interface TelegramSettings {
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

export function anyChannelConfigured(config: Config, env: NodeJS.ProcessEnv): boolean {
  return telegramSettings(config, env) !== undefined;
}

/** The paired senders and live pairing codes (0600). */
export function senderStorePath(paths: DataPaths): string {
  return join(paths.home, 'channel-senders.json');
}
