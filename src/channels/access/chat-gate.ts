/**
 * The door of a chat bridge: an event seen before is dropped (vendors redeliver); a sender who
 * is not allowed reaches nothing: a pairing code pairs them, anything else gets at most one
 * refusal per chat, within the stranger limits (stranger-gate.ts), and is logged within them.
 */
import type { AllowedSenders } from '../../chats/allowed-senders.js';
import type { SenderStore } from '../../chats/sender-store.js';
import type { Config } from '../../config/schema.js';
import type { Logger } from '../../log/logger.js';
import { createRecentIds } from '../bridge/recent-ids.js';
import type { ChannelMessages } from '../messages.js';
import type { InboundAction, InboundMessage } from '../types.js';
import { createStrangerGate } from './stranger-gate.js';

/** Redelivered events and refused chats remembered (bounded). */
const RECENT_EVENTS = 2000;
const REFUSED_CHATS = 10_000;

interface ChatGateOptions {
  /** The channel's name (`telegram`). */
  channel: string;
  allowed: AllowedSenders;
  senders: Pick<SenderStore, 'redeem'>;
  strangers: Config['channels']['strangers'];
  logger: Logger;
  /** Sends now or never (a refusal is stale after a downtime). */
  say(chatId: string, text: string): Promise<void>;
  /** Sends, or keeps for later while the vendor is unreachable. */
  post(chatId: string, text: string): Promise<void>;
}

export interface ChatGate {
  /** True the first time an event id comes; false for a redelivery. */
  firstSeen(eventId: string): boolean;
  isAllowed(senderId: string): boolean;
  /** A message from a sender who is not allowed: pairs them with a valid code, else refuses (once per chat). */
  refuseOrPair(message: InboundMessage, t: ChannelMessages): Promise<void>;
  /** A button pressed by a sender who is not allowed: the press is refused within the limits. */
  refuseAction(action: InboundAction, t: ChannelMessages): Promise<void>;
}

export function createChatGate(options: ChatGateOptions): ChatGate {
  const { channel, logger } = options;
  const recent = createRecentIds(RECENT_EVENTS);
  const refusedChats = createRecentIds(REFUSED_CHATS);
  const strangers = createStrangerGate({
    logPerMinute: options.strangers.log_per_minute,
    refusalsPerMinute: options.strangers.refusals_per_minute,
  });

  function logStranger(senderId: string, what: string): void {
    const { write, unlogged } = strangers.log(senderId);
    if (write) logger.info({ sender: senderId, ...(unlogged > 0 ? { unlogged } : {}) }, what);
  }

  return {
    firstSeen: (eventId) => recent.firstSeen(eventId),
    isAllowed: (senderId) => options.allowed.isAllowed(channel, senderId),
    async refuseOrPair(message, t) {
      if (options.senders.redeem(channel, message.senderId, message.text)) {
        logger.info({ sender: message.senderId }, 'sender paired');
        await options.post(message.chatId, t.paired);
        return;
      }
      logStranger(message.senderId, 'message from a sender who is not allowed');
      if (refusedChats.has(message.chatId) || !strangers.mayRefuse(message.senderId)) return;
      refusedChats.firstSeen(message.chatId);
      await options.say(message.chatId, t.refusal(message.senderId));
    },
    async refuseAction(action, t) {
      logStranger(action.senderId, 'button pressed by a sender who is not allowed');
      if (!strangers.mayRefuse(action.senderId)) return;
      await action.acknowledge(t.refusal(action.senderId));
    },
  };
}
