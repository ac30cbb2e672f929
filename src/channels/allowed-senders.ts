/**
 * The one answer to "may this sender use the box through this channel?": an id the config
 * allows for that channel (`channels.<name>.allowed_ids`, read live so `/reload` applies), or a
 * sender paired with a code. The chat bridge asks it for every message and button press; the
 * notify-target check asks it before a task may post to a chat.
 */
import type { Config } from '../config/schema.js';
import { CHANNEL_KINDS } from './channel-kinds.js';
import type { SenderStore } from './sender-store.js';

export interface AllowedSenders {
  isAllowed(channel: string, senderId: string): boolean;
}

interface AllowedSendersOptions {
  /** Read at every check. */
  config: () => Config;
  /** Where a channel may take its allowed ids besides config. */
  env: NodeJS.ProcessEnv;
  senders: Pick<SenderStore, 'isPaired'>;
}

export function createAllowedSenders(options: AllowedSendersOptions): AllowedSenders {
  return {
    isAllowed(channel, senderId) {
      const kind = CHANNEL_KINDS.find((k) => k.name === channel);
      if (!kind) return false;
      return (
        kind.allowedIds(options.config(), options.env).includes(senderId) ||
        options.senders.isPaired(channel, senderId)
      );
    },
  };
}
