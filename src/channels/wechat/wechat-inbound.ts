/**
 * One iLink message (`WeixinMessage` of `getupdates`) as the core's InboundMessage. Only
 * messages from a person (`message_type` 1) in a direct chat (no `group_id`) count; the chat
 * is the sender. Items: text (1), image (2), voice (3: saved as SILK; WeChat's own transcript,
 * when it sent one, is the turn's text instead of the box's transcription), file (4), video (5); a quoted message's text is shown
 * as a quote line. Other item types (tool-call items, new kinds) are skipped. Every field is
 * checked and bounded; a message that does not fit throws, naming the field.
 */
import { z } from 'zod';
import type { InboundFile, InboundMessage } from '../types.js';
import { type CdnMedia, downloadMedia, mediaKey } from './wechat-media.js';

const MAX_ITEMS = 20;
const id = z.string().min(1).max(256);
const Media = z
  .object({
    encrypt_query_param: z.string().max(4096).optional(),
    aes_key: z.string().max(128).optional(),
    full_url: z.string().max(4096).optional(),
  })
  .optional();
/** Text is bounded by the bridge (`server.max_frame_bytes`); here only against absurd answers. */
const Text = z.string().max(2_000_000);
const Item = z.object({
  type: z.number().int(),
  text_item: z.object({ text: Text.optional() }).optional(),
  image_item: z
    .object({ media: Media, aeskey: z.string().max(128).optional(), mid_size: z.number().optional() })
    .optional(),
  voice_item: z.object({ media: Media, text: Text.optional(), playtime: z.number().optional() }).optional(),
  file_item: z
    .object({ media: Media, file_name: z.string().max(1024).optional(), len: z.string().max(32).optional() })
    .optional(),
  video_item: z.object({ media: Media, video_size: z.number().optional() }).optional(),
  ref_msg: z
    .object({
      title: z.string().max(10_000).optional(),
      message_item: z.object({ text_item: z.object({ text: Text.optional() }).optional() }).optional(),
    })
    .optional(),
});
export const MessageSchema = z.object({
  seq: z.number().optional(),
  message_id: z.string().max(64).optional(),
  from_user_id: id,
  group_id: z.string().max(256).optional(),
  message_type: z.number().int().optional(),
  create_time_ms: z.number().optional(),
  context_token: z.string().max(8192).optional(),
  item_list: z.array(Item).max(MAX_ITEMS).optional(),
});
export type WeixinMessage = z.infer<typeof MessageSchema>;
type WeixinItem = z.infer<typeof Item>;
type ItemMedia = z.infer<typeof Media>;

const USER_MESSAGE = 1;

export interface InboundContext {
  cdnRoot: string;
  signal: AbortSignal;
}

function cdnMedia(media: ItemMedia, hexKey?: string): CdnMedia | undefined {
  if (!media || (!media.encrypt_query_param && !media.full_url)) return undefined;
  const key = mediaKey(hexKey, media.aes_key);
  return { encryptQueryParam: media.encrypt_query_param, fullUrl: media.full_url, ...(key ? { key } : {}) };
}

function fileOf(item: WeixinItem, context: InboundContext): InboundFile | undefined {
  const at = (name: string, media: CdnMedia | undefined, size?: number): InboundFile | undefined =>
    media && {
      name,
      ...(size !== undefined && Number.isFinite(size) && size >= 0 ? { size } : {}),
      download: (maxBytes) => downloadMedia(media, context.cdnRoot, maxBytes, context.signal),
    };
  switch (item.type) {
    case 2:
      return at(
        'wechat-image.jpg',
        cdnMedia(item.image_item?.media, item.image_item?.aeskey),
        item.image_item?.mid_size,
      );
    case 3: {
      // WeChat's own transcript, when it sent one, is the turn's text: the SILK is saved, not heard.
      const voice = at('wechat-voice.silk', cdnMedia(item.voice_item?.media));
      return voice && item.voice_item?.text ? { ...voice, transcript: item.voice_item.text } : voice;
    }
    case 4:
      return at(
        item.file_item?.file_name || 'wechat-file',
        cdnMedia(item.file_item?.media),
        Number(item.file_item?.len ?? Number.NaN),
      );
    case 5:
      return at('wechat-video.mp4', cdnMedia(item.video_item?.media), item.video_item?.video_size);
    default:
      return undefined;
  }
}

/** The message's text lines: its text items, quotes, and the transcript of a voice note that has no file. */
function textOf(item: WeixinItem): string[] {
  const lines: string[] = [];
  const quoted = item.ref_msg?.message_item?.text_item?.text ?? item.ref_msg?.title;
  if (quoted)
    lines.push(
      quoted
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n'),
    );
  if (item.type === 1 && item.text_item?.text) lines.push(item.text_item.text);
  if (item.type === 3 && item.voice_item?.text && !cdnMedia(item.voice_item.media))
    lines.push(`🎤 ${item.voice_item.text}`);
  return lines;
}

export interface ParsedMessage {
  /** Undefined for a message the channel does not take (from a bot, in a group). */
  inbound?: InboundMessage;
  /** The sender, and the context token replies to them must carry. */
  senderId: string;
  contextToken?: string;
}

/** Throws an Error naming the first field that does not fit. */
export function parseWeixinMessage(raw: unknown, context: InboundContext): ParsedMessage {
  const parsed = MessageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`message field ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  const message = parsed.data;
  const senderId = message.from_user_id;
  const base = { senderId, ...(message.context_token ? { contextToken: message.context_token } : {}) };
  if ((message.message_type ?? USER_MESSAGE) !== USER_MESSAGE || message.group_id) return base;
  const items = message.item_list ?? [];
  const files = items
    .map((item) => fileOf(item, context))
    .filter((file): file is InboundFile => file !== undefined);
  const eventKey =
    message.message_id ??
    (message.seq !== undefined ? `seq-${message.seq}` : `${senderId}-${message.create_time_ms ?? 0}`);
  return {
    ...base,
    inbound: {
      eventId: `wechat:${eventKey}`,
      chatId: senderId,
      senderId,
      text: items.flatMap(textOf).join('\n'),
      files,
      direct: true,
    },
  };
}
