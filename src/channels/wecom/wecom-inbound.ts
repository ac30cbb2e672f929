/**
 * What WeCom pushes, checked against schemas before anything reads it (every field is hostile
 * input with a limit):
 * - `aibot_msg_callback`: `msgid`, `chattype` (`single` | `group`), `chatid` (groups only),
 *   `from.userid`, `msgtype` and its content: `text.content`, `voice.content` (WeCom's own
 *   transcript: the long connection delivers no audio), `image` / `file` / `video` as
 *   `{ url, aeskey }` (encrypted, the URL valid for minutes), `mixed.msg_item[]` of text and images;
 * - `aibot_event_callback` with `event.eventtype`; `template_card_event` carries the pressed
 *   button's `event_key` and the card's `task_id` (under `event.template_card_event`, or on
 *   `event` itself as the SDK's types put it: both are read).
 * In a group WeCom delivers only messages that @-mention the robot; the leading mention is removed.
 */
import { z } from 'zod';
import { fieldError } from '../dingtalk/field-error.js';

const id = z.string().min(1).max(256);
const Media = z.object({ url: z.string().min(1).max(4096), aeskey: z.string().max(256).optional() });
const Text = z.object({ content: z.string() });
/** Parts of one mixed message that are read (a longer list is refused). */
export const MAX_ITEMS = 50;

const MessageSchema = z.object({
  msgid: id,
  chattype: z.enum(['single', 'group']),
  chatid: id.optional(),
  from: z.object({ userid: id }),
  msgtype: z.string().max(64),
  text: Text.optional(),
  voice: Text.optional(),
  image: Media.optional(),
  file: Media.optional(),
  video: Media.optional(),
  mixed: z
    .object({
      msg_item: z
        .array(z.object({ msgtype: z.string().max(64), text: Text.optional(), image: Media.optional() }))
        .max(MAX_ITEMS),
    })
    .optional(),
});

const CardEvent = z.object({
  event_key: z.string().max(1024).optional(),
  task_id: z.string().max(128).optional(),
});
const EventSchema = z.object({
  msgid: id,
  chatid: id.optional(),
  from: z.object({ userid: id }),
  event: CardEvent.extend({
    eventtype: z.string().max(64),
    template_card_event: CardEvent.optional(),
  }),
});

export type MediaKind = 'image' | 'file' | 'video';

/** A media part of a message: fetched and decrypted only when the sender is allowed. */
export interface MediaRef {
  kind: MediaKind;
  url: string;
  aeskey: string;
}

export interface ParsedMessage {
  msgid: string;
  /** The group's chatid, or the sender's userid in a one-to-one chat (where sends go). */
  chatId: string;
  senderId: string;
  direct: boolean;
  text: string;
  media: MediaRef[];
}

const mediaRef = (kind: MediaKind, media: z.infer<typeof Media>): MediaRef => ({
  kind,
  url: media.url,
  aeskey: media.aeskey ?? '',
});

/** A message callback's body; throws an Error naming the field that does not fit. */
export function parseMessage(body: unknown): ParsedMessage {
  const parsed = MessageSchema.safeParse(body);
  if (!parsed.success) throw fieldError('WeCom message field', parsed.error);
  const message = parsed.data;
  const direct = message.chattype === 'single';
  if (!direct && !message.chatid) throw new Error('WeCom message field chatid: missing in a group');
  const texts: string[] = [];
  const media: MediaRef[] = [];
  if (message.text) texts.push(message.text.content);
  if (message.msgtype === 'voice' && message.voice) texts.push(message.voice.content);
  if (message.image) media.push(mediaRef('image', message.image));
  if (message.file) media.push(mediaRef('file', message.file));
  if (message.video) media.push(mediaRef('video', message.video));
  for (const item of message.mixed?.msg_item ?? []) {
    if (item.text) texts.push(item.text.content);
    if (item.image) media.push(mediaRef('image', item.image));
  }
  let text = texts.join('\n');
  // The robot is @-mentioned at the start of a group message ("@Aibox /new").
  if (!direct) text = text.replace(/^\s*@\S+\s*/u, '');
  return {
    msgid: message.msgid,
    chatId: direct ? message.from.userid : (message.chatid as string),
    senderId: message.from.userid,
    direct,
    text,
    media,
  };
}

export interface ParsedEvent {
  msgid: string;
  chatId: string;
  senderId: string;
  eventtype: string;
  /** A card button press: the card's task id and the button's key. */
  press?: { taskId: string; key: string };
}

/** An event callback's body; throws an Error naming the field that does not fit. */
export function parseEvent(body: unknown): ParsedEvent {
  const parsed = EventSchema.safeParse(body);
  if (!parsed.success) throw fieldError('WeCom event field', parsed.error);
  const { msgid, chatid, from, event } = parsed.data;
  const card = event.template_card_event ?? event;
  const press =
    event.eventtype === 'template_card_event' && card.task_id && card.event_key
      ? { taskId: card.task_id, key: card.event_key }
      : undefined;
  return {
    msgid,
    chatId: chatid ?? from.userid,
    senderId: from.userid,
    eventtype: event.eventtype,
    ...(press ? { press } : {}),
  };
}
