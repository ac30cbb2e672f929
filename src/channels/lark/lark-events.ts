/**
 * Feishu/Lark events (as the SDK's EventDispatcher hands them over: header and event
 * fields merged) turned into the core's `InboundMessage` / `InboundAction`. Every field
 * is checked: an event that does not have the expected shape is refused with an error
 * naming what is missing, and the transport logs and skips it.
 */
import type { InboundAction, InboundFile, InboundMessage } from '../types.js';
import { buttonData } from './lark-card.js';

/** Downloads a message's resource (`file` or `image`), refusing more than `maxBytes`. */
type ResourceDownloader = (
  messageId: string,
  fileKey: string,
  type: 'file' | 'image',
  maxBytes: number,
) => Promise<Uint8Array>;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function field(object: unknown, key: string, where: string): string {
  const value = isObject(object) ? object[key] : undefined;
  if (typeof value !== 'string' || value === '') throw new Error(`event without ${where}.${key}`);
  return value;
}

interface Mention {
  key: string;
  openId: string;
  name: string;
}

function mentionsOf(message: Json): Mention[] {
  if (!Array.isArray(message.mentions)) return [];
  return message.mentions.filter(isObject).map((m) => ({
    key: typeof m.key === 'string' ? m.key : '',
    openId: isObject(m.id) && typeof m.id.open_id === 'string' ? m.id.open_id : '',
    name: typeof m.name === 'string' ? m.name : '',
  }));
}

/** A `post` (rich text) as plain text plus its images; the content may be per-locale. */
function postParts(content: Json): { text: string; images: string[] } {
  const localized = Object.values(content).find((v) => isObject(v) && Array.isArray(v.content));
  const post = Array.isArray(content.content) ? content : (localized as Json | undefined);
  if (!post) return { text: '', images: [] };
  const images: string[] = [];
  const lines: string[] = typeof post.title === 'string' && post.title ? [post.title] : [];
  for (const line of post.content as unknown[]) {
    if (!Array.isArray(line)) continue;
    let text = '';
    for (const node of line.filter(isObject)) {
      if (node.tag === 'img' && typeof node.image_key === 'string') images.push(node.image_key);
      else if (node.tag === 'at') text += typeof node.user_name === 'string' ? `@${node.user_name}` : '';
      else if (typeof node.text === 'string') text += node.text;
    }
    lines.push(text);
  }
  return { text: lines.join('\n'), images };
}

interface Parsed {
  text: string;
  files: InboundFile[];
}

function parseContent(message: Json, messageId: string, download: ResourceDownloader): Parsed {
  let content: Json;
  try {
    const parsed: unknown = JSON.parse(field(message, 'content', 'message'));
    if (!isObject(parsed)) throw new Error('not an object');
    content = parsed;
  } catch (error) {
    throw new Error(`event with unreadable message.content: ${(error as Error).message}`);
  }
  const resource = (key: unknown, name: string, type: 'file' | 'image'): InboundFile[] =>
    typeof key === 'string' && key ? [{ name, download: (max) => download(messageId, key, type, max) }] : [];
  switch (message.message_type) {
    case 'text':
      return { text: typeof content.text === 'string' ? content.text : '', files: [] };
    case 'post': {
      const { text, images } = postParts(content);
      const files = images.flatMap((key, n) => resource(key, `image-${messageId}-${n + 1}`, 'image'));
      return { text, files };
    }
    case 'image':
      return { text: '', files: resource(content.image_key, `image-${messageId}`, 'image') };
    case 'file':
    case 'audio':
    case 'media': {
      const name =
        typeof content.file_name === 'string' && content.file_name ? content.file_name : `file-${messageId}`;
      return { text: '', files: resource(content.file_key, name, 'file') };
    }
    default:
      return { text: '', files: [] };
  }
}

/**
 * The message to handle, or undefined for one the bot ignores: from another bot, or in a
 * group without mentioning the bot (`botOpenId` unknown: every group message is ignored).
 */
export function inboundFromEvent(
  event: Json,
  botOpenId: string | undefined,
  download: ResourceDownloader,
): InboundMessage | undefined {
  const eventId = field(event, 'event_id', 'header');
  const sender = event.sender;
  if (!isObject(sender)) throw new Error('event without sender');
  if (sender.sender_type !== undefined && sender.sender_type !== 'user') return undefined;
  const senderId = field(sender.sender_id, 'open_id', 'sender.sender_id');
  const message = event.message;
  if (!isObject(message)) throw new Error('event without message');
  const messageId = field(message, 'message_id', 'message');
  const chatId = field(message, 'chat_id', 'message');
  const mentions = mentionsOf(message);
  const inGroup = message.chat_type !== 'p2p';
  if (inGroup && (!botOpenId || !mentions.some((m) => m.openId === botOpenId))) return undefined;
  let { text, files } = parseContent(message, messageId, download);
  for (const mention of mentions) {
    if (!mention.key) continue;
    text = text.replaceAll(mention.key, mention.openId === botOpenId ? '' : `@${mention.name}`);
  }
  return { eventId, chatId, senderId, text: text.trim(), files };
}

/** A button press on one of the bot's cards; `respond` resolves the SDK's callback (a toast). */
export function actionFromEvent(event: Json, respond: (text: string) => void): InboundAction | undefined {
  const eventId = field(event, 'event_id', 'header');
  const senderId = field(event.operator, 'open_id', 'operator');
  const chatId = field(event.context, 'open_chat_id', 'context');
  const data = buttonData(isObject(event.action) ? event.action.value : undefined);
  if (data === undefined) return undefined;
  return {
    eventId: `card:${eventId}`,
    chatId,
    senderId,
    data,
    acknowledge: async (text) => respond(text),
  };
}
