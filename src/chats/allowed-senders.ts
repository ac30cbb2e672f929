/**
 * The one answer to "may this sender use the box through this channel?": an id the config
 * allows for that channel (`channels.<name>.allowed_ids`, read live so `/reload` applies), or a
 * sender paired with a code. The chat bridge asks it for every message and button press; the
 * notify-target check asks it before a task may post to a chat.
 */
import type { Config } from '../config/schema.js';
import type { SenderStore } from './sender-store.js';

/** What the check needs of a channel kind (src/channels/channel-kind.ts). */
export interface ChatChannel {
  readonly name: string;
  /** Sender ids the config allows (read live, so `/reload` applies a change). */
  allowedIds(config: Config, env: NodeJS.ProcessEnv): string[];
}

export interface AllowedSenders {
  isAllowed(channel: string, senderId: string): boolean;
}

interface AllowedSendersOptions {
  /** Read at every check. */
  config: () => Config;
  /** Where a channel may take its allowed ids besides config. */
  env: NodeJS.ProcessEnv;
  senders: Pick<SenderStore, 'isPaired'>;
  /** The channels Aibox can run (`CHANNEL_KINDS`). */
  channels: readonly ChatChannel[];
}

export function createAllowedSenders(options: AllowedSendersOptions): AllowedSenders {
  return {
    isAllowed(channel, senderId) {
      const kind = options.channels.find((k) => k.name === channel);
      if (!kind) return false;
      return (
        kind.allowedIds(options.config(), options.env).includes(senderId) ||
        options.senders.isPaired(channel, senderId)
      );
    },
  };
}
