/**
 * `aibox channels check`: for each channel, whether its credentials are present, private
 * and accepted by the vendor, said in the user's language. Credentials are never printed.
 */
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { ChannelCheck } from './channel-kind.js';
import { CHANNEL_KINDS } from './channel-kinds.js';

export type { ChannelCheck } from './channel-kind.js';

/** `aibox`: how the user runs aibox, for the commands the checks suggest. */
export async function checkChannels(
  config: Config,
  configPath: string,
  lang: Lang,
  aibox: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 10_000,
): Promise<ChannelCheck[]> {
  const input = { config, configPath, env, lang, timeoutMs, aibox };
  return Promise.all(CHANNEL_KINDS.map((kind) => kind.check(input)));
}
