/**
 * Gateway events as the core's messages and button presses. Every `d` is hostile JSON, parsed
 * against a schema; one that does not fit is refused with the field that is wrong.
 *
 * - `C2C_MESSAGE_CREATE`: a direct message; the sender is `author.user_openid`, the chat is the
 *   same openid.
 * - `GROUP_AT_MESSAGE_CREATE`: a group message that @-mentions the bot (the platform sends no
 *   other group messages); the sender is `author.member_openid`, the chat `g-<group_openid>`
 *   (openids are letters and digits, so the prefix never meets a user's openid).
 * - `attachments[]` (`content_type`, `filename`, `size`, `url`): pictures, voice (`voice`), video
 *   and files, downloaded only when the sender is allowed, by the core, within its size limit.
 * - `INTERACTION_CREATE` with `type: 11`: a press on a callback button; `data.resolved.button_data`
 *   is the data the core set. In a group the presser is `group_member_openid`, in C2C `user_openid`.
 */
import { z } from 'zod';
import { fieldError } from '../dingtalk/field-error.js';
import type { InboundFile } from '../types.js';

const openid = z.string().regex(/^[A-Za-z0-9]{1,128}$/, 'an openid (letters and digits)');
const msgId = z.string().min(1).max(512);
const MAX_ATTACHMENTS = 20;

const AttachmentSchema = z.object({
  content_type: z.string().max(200).optional(),
  filename: z.string().max(1024).optional(),
  size: z.number().nonnegative().optional(),
  url: z.string().max(4096),
});

const C2CSchema = z.object({
  id: msgId,
  author: z.object({ user_openid: openid }),
  content: z.string().max(2_000_000).default(''),
  attachments: z.array(AttachmentSchema).max(MAX_ATTACHMENTS).optional(),
});

const GroupSchema = z.object({
  id: msgId,
  group_openid: openid,
  author: z.object({ member_openid: openid }),
  content: z.string().max(2_000_000).default(''),
  attachments: z.array(AttachmentSchema).max(MAX_ATTACHMENTS).optional(),
});

const InteractionSchema = z.object({
  id: msgId,
  type: z.number(),
  chat_type: z.number().optional(),
  group_openid: openid.optional(),
  group_member_openid: openid.optional(),
  user_openid: openid.optional(),
  data: z.object({
    resolved: z.object({ button_data: z.string().max(512), button_id: z.string().max(128).optional() }),
  }),
});

/** A message for the bot, before the core: where it came from and what it says. */
export interface QqMessage {
  msgId: string;
  chatId: string;
  senderId: string;
  text: string;
  direct: boolean;
  attachments: z.infer<typeof AttachmentSchema>[];
}

export interface QqPress {
  interactionId: string;
  chatId: string;
  senderId: string;
  data: string;
  direct: boolean;
}

export const groupChatId = (groupOpenid: string) => `g-${groupOpenid}`;

/** The chat's kind and openid from a chat id (`g-…` a group, else a user). */
export function chatOf(chatId: string): { direct: boolean; openid: string } {
  return chatId.startsWith('g-')
    ? { direct: false, openid: chatId.slice(2) }
    : { direct: true, openid: chatId };
}

/** A message event's `d`; undefined for an event type that is not a message. Throws naming the bad field. */
export function parseMessage(type: string, data: unknown): QqMessage | undefined {
  if (type === 'C2C_MESSAGE_CREATE') {
    const parsed = C2CSchema.safeParse(data);
    if (!parsed.success) throw fieldError(`${type} field`, parsed.error);
    const d = parsed.data;
    const sender = d.author.user_openid;
    return {
      msgId: d.id,
      chatId: sender,
      senderId: sender,
      text: d.content.trim(),
      direct: true,
      attachments: d.attachments ?? [],
    };
  }
  if (type === 'GROUP_AT_MESSAGE_CREATE') {
    const parsed = GroupSchema.safeParse(data);
    if (!parsed.success) throw fieldError(`${type} field`, parsed.error);
    const d = parsed.data;
    return {
      msgId: d.id,
      chatId: groupChatId(d.group_openid),
      senderId: d.author.member_openid,
      // The platform leaves the mention itself out of `content`; a stray `<@…>` is dropped too.
      text: d.content.replace(/<@!?[A-Za-z0-9]+>/g, '').trim(),
      direct: false,
      attachments: d.attachments ?? [],
    };
  }
  return undefined;
}

/** An INTERACTION_CREATE `d`: a callback button press, or undefined for other interactions. */
export function parsePress(data: unknown): QqPress | undefined {
  const parsed = InteractionSchema.safeParse(data);
  if (!parsed.success) throw fieldError('INTERACTION_CREATE field', parsed.error);
  const d = parsed.data;
  if (d.type !== 11) return undefined;
  if (d.group_openid && d.group_member_openid)
    return {
      interactionId: d.id,
      chatId: groupChatId(d.group_openid),
      senderId: d.group_member_openid,
      data: d.data.resolved.button_data,
      direct: false,
    };
  if (d.user_openid)
    return {
      interactionId: d.id,
      chatId: d.user_openid,
      senderId: d.user_openid,
      data: d.data.resolved.button_data,
      direct: true,
    };
  throw new Error('INTERACTION_CREATE: neither group_openid with group_member_openid nor user_openid');
}

/** The files of a message: fetched with `download` only when the core asks (an allowed sender). */
export function filesOf(
  message: QqMessage,
  download: (url: string, maxBytes: number) => Promise<Uint8Array>,
): InboundFile[] {
  return message.attachments.flatMap((attachment, index) => {
    const url = attachment.url.startsWith('//') ? `https:${attachment.url}` : attachment.url;
    if (!/^https?:\/\//.test(url)) return [];
    const kind = (attachment.content_type ?? '').split('/')[0] || 'file';
    return [
      {
        name: attachment.filename || `${kind}-${index + 1}`,
        ...(attachment.size !== undefined ? { size: attachment.size } : {}),
        download: (maxBytes: number) => download(url, maxBytes),
      },
    ];
  });
}
