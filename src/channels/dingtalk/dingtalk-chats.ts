/**
 * Where a message to a DingTalk chat goes. While the reply webhook of the chat's last robot
 * message is valid: that webhook. After it expired, or for a chat known only from the record of
 * chats an allowed sender used (`knownChat`, e.g. after a restart): the OpenAPI, to the group
 * (`openConversationId`) or, for a one-to-one chat, to the person (their staff id). A chat id
 * nobody wrote in is taken as a staff id (a task whose `notify` names an allowed person).
 */

import type { KnownChat } from '../../chats/sender-store.js';
import { setBounded } from '../../util/bounded-map.js';

/** Chats remembered from robot messages (the oldest is forgotten first). */
const MAX_CHATS = 10_000;

export type ChatRoute =
  | { kind: 'webhook'; url: string }
  | { kind: 'group'; conversationId: string }
  | { kind: 'direct'; userId: string };

interface SeenChat {
  webhook: string;
  /** Milliseconds since the epoch; DingTalk's `sessionWebhookExpiredTime`. */
  expiresAt: number;
  direct: boolean;
  /** The sender's staff id in a one-to-one chat (absent for people outside the organisation). */
  userId: string | undefined;
}

interface ChatDirectoryOptions {
  /** The only origin a reply webhook may have (`DingTalkSettings.webhookOrigin`). */
  webhookOrigin: string;
  knownChat: (chatId: string) => KnownChat | undefined;
  now?: () => number;
}

export function createChatDirectory(options: ChatDirectoryOptions) {
  const now = options.now ?? Date.now;
  const seen = new Map<string, SeenChat>();

  /** Where the box may post to the chat without the webhook, or why it cannot. */
  function openApiRoute(chatId: string): Exclude<ChatRoute, { kind: 'webhook' }> {
    const chat = seen.get(chatId);
    const known = chat ? undefined : options.knownChat(chatId);
    if (!chat && !known) return { kind: 'direct', userId: chatId };
    if (!(chat?.direct ?? known?.direct)) return { kind: 'group', conversationId: chatId };
    const userId = chat ? chat.userId : known?.opener;
    if (!userId) throw new Error(`DingTalk chat ${chatId} is with someone who has no staff id`);
    return { kind: 'direct', userId };
  }

  return {
    /** Keeps a robot message's chat; throws when its webhook points anywhere but DingTalk's origin. */
    remember(chatId: string, chat: SeenChat): void {
      const origin = new URL(chat.webhook).origin;
      if (origin !== options.webhookOrigin)
        throw new Error(`sessionWebhook on ${origin}, not ${options.webhookOrigin}`);
      setBounded(seen, chatId, chat, MAX_CHATS);
    },
    /** The chat's valid reply webhook, else the OpenAPI route. */
    route(chatId: string): ChatRoute {
      const chat = seen.get(chatId);
      if (chat && now() < chat.expiresAt) return { kind: 'webhook', url: chat.webhook };
      return openApiRoute(chatId);
    },
    openApiRoute,
  };
}
