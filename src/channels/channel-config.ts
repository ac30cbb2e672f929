/**
 * Which channels are configured, and where the paired senders live. Import-light on purpose:
 * the server reads it at start-up without loading any vendor SDK.
 */
import { join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { CHANNEL_KINDS } from './channel-kinds.js';

export function anyChannelConfigured(config: Config, env: NodeJS.ProcessEnv): boolean {
  return CHANNEL_KINDS.some((kind) => kind.configured(config, env));
}

/** Messages kept while a channel's vendor is unreachable (0600). */
export function outboxStorePath(paths: DataPaths): string {
  return join(paths.home, 'channel-outbox.json');
}
