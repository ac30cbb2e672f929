/**
 * Telegram updates as the core's `InboundMessage`s. In a group the bot answers only
 * messages that mention it (`@bot_name`, removed from the text) or reply to it.
 */
import type { Message, Update } from 'grammy/types';
import type { InboundAction, InboundFile, InboundMessage } from '../types.js';

export interface BotIdentity {
  id: number;
  username: string;
}

type FileDownloader = (fileId: string, maxBytes: number) => Promise<Uint8Array>;

function filesOf(message: Message, download: FileDownloader): InboundFile[] {
  const files: InboundFile[] = [];
  if (message.document) {
    const { file_id, file_name, file_size } = message.document;
    files.push({
      name: file_name ?? `document-${message.message_id}`,
      ...(file_size !== undefined ? { size: file_size } : {}),
      download: (max) => download(file_id, max),
    });
  }
  // A voice note (Opus in Ogg) or an audio file: saved like any file, then heard (chat-voice.ts).
  const sound = message.voice ?? message.audio;
  if (sound) {
    const named = message.audio?.file_name;
    files.push({
      name: named ?? `voice-${message.message_id}.ogg`,
      ...(sound.file_size !== undefined ? { size: sound.file_size } : {}),
      download: (max) => download(sound.file_id, max),
    });
  }
  const photo = message.photo?.at(-1); // the largest size comes last
  if (photo) {
    files.push({
      name: `photo-${message.message_id}.jpg`,
      ...(photo.file_size !== undefined ? { size: photo.file_size } : {}),
      download: (max) => download(photo.file_id, max),
    });
  }
  return files;
}

/** The message to handle, or undefined for updates the bot ignores. */
export function inboundFromUpdate(
  update: Update,
  bot: BotIdentity | undefined,
  download: FileDownloader,
): InboundMessage | undefined {
  const message = update.message;
  if (!message?.from || message.from.is_bot) return undefined;
  let text = message.text ?? message.caption ?? '';
  if (message.chat.type !== 'private') {
    const mention = bot ? `@${bot.username}` : undefined;
    const mentioned = mention !== undefined && text.toLowerCase().includes(mention.toLowerCase());
    const repliesToBot = bot !== undefined && message.reply_to_message?.from?.id === bot.id;
    const isCommand = text.startsWith('/') && mention !== undefined && text.split(/\s/)[0]?.endsWith(mention);
    if (!mentioned && !repliesToBot && !isCommand) return undefined;
    if (mention && !isCommand) text = text.replace(new RegExp(escapeRegExp(mention), 'ig'), '').trim();
  }
  return {
    eventId: String(update.update_id),
    chatId: String(message.chat.id),
    senderId: String(message.from.id),
    text,
    files: filesOf(message, download),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A button press (callback query) on one of the bot's messages, or undefined. */
export function actionFromUpdate(
  update: Update,
  acknowledge: (queryId: string, text: string) => Promise<void>,
): InboundAction | undefined {
  const query = update.callback_query;
  if (!query?.data || !query.message) return undefined;
  return {
    eventId: `callback:${query.id}`,
    chatId: String(query.message.chat.id),
    senderId: String(query.from.id),
    data: query.data,
    acknowledge: (text) => acknowledge(query.id, text),
  };
}
