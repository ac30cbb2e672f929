/**
 * A chat's address, `<channel>:<chat id>` (`telegram:42`, `lark:oc_…`, `dingtalk:cid…`), and the
 * per-chat session that goes with it (`telegram-42`). Import-light: the task store's checks,
 * the `/notify` command and the bridges all read it.
 */
import { CHANNEL_NAMES } from './channel-names.js';

interface ChatTarget {
  channel: string;
  chatId: string;
}

/** Chat ids of every vendor: Telegram's (negative) numbers, Feishu's `oc_…`, DingTalk's base64. */
const CHAT_ID = /^[\w+/=.-]{1,128}$/;

export function formatChatTarget(target: ChatTarget): string {
  return `${target.channel}:${target.chatId}`;
}

/** `telegram:42` → its parts; undefined when it is not `<name>:<chat id>` of a known channel. */
export function parseChatTarget(text: string): ChatTarget | undefined {
  const at = text.indexOf(':');
  if (at < 1) return undefined;
  const channel = text.slice(0, at).toLowerCase();
  const chatId = text.slice(at + 1);
  if (!CHANNEL_NAMES.some((name) => name === channel) || !CHAT_ID.test(chatId)) return undefined;
  return { channel, chatId };
}

/** The session a chat talks in when each chat has its own (`channels.session: per_chat`). */
export function chatSessionId(target: ChatTarget): string {
  return `${target.channel}-${target.chatId}`;
}

/** The chat a per-chat session belongs to (`telegram-42` → telegram:42); undefined for `main`, `task-3` … */
export function chatOfSession(sessionId: string): ChatTarget | undefined {
  for (const name of CHANNEL_NAMES) {
    const prefix = `${name}-`;
    if (!sessionId.startsWith(prefix)) continue;
    const chatId = sessionId.slice(prefix.length);
    if (CHAT_ID.test(chatId)) return { channel: name, chatId };
  }
  return undefined;
}
