/**
 * Robot messages from the stream (topic `/v1.0/im/bot/messages/get`) as the core's
 * `InboundMessage`s. The frame's `data` is hostile JSON: it is parsed against a schema and
 * anything that does not fit is refused with the field that is wrong. Group messages reach
 * a robot only when it is @-mentioned; one that says it is not (`isInAtList: false`) is ignored.
 */
import { z } from 'zod';
import type { InboundFile, InboundMessage } from '../types.js';
import { fieldError } from './field-error.js';

const id = z.string().min(1).max(512);

const RobotMessageSchema = z.object({
  msgId: id,
  conversationId: id,
  /** `1`: one person; `2`: a group. */
  conversationType: z.string().max(8).optional(),
  senderId: id,
  /** Present for people of the robot's own organisation: what `allowed_ids` lists. */
  senderStaffId: z.string().max(512).optional(),
  sessionWebhook: z.string().url().max(2048),
  sessionWebhookExpiredTime: z.number().optional(),
  robotCode: z.string().max(512).optional(),
  isInAtList: z.boolean().optional(),
  msgtype: z.string().max(64),
  text: z.object({ content: z.string().max(100_000) }).optional(),
  content: z
    .object({
      downloadCode: z.string().max(4096).optional(),
      fileName: z.string().max(1024).optional(),
      recognition: z.string().max(100_000).optional(),
      richText: z
        .array(
          z.object({
            text: z.string().max(100_000).optional(),
            type: z.string().max(64).optional(),
            downloadCode: z.string().max(4096).optional(),
          }),
        )
        .max(100)
        .optional(),
    })
    .optional(),
});

type RobotMessage = z.infer<typeof RobotMessageSchema>;

/** Downloads a file a robot message refers to by its `downloadCode`. */
export type FileDownloader = (
  downloadCode: string,
  robotCode: string,
  maxBytes: number,
) => Promise<Uint8Array>;

interface ParsedRobotMessage {
  message: RobotMessage;
  /** Undefined when the message is not for the bot (a group message without its mention). */
  inbound: InboundMessage | undefined;
}

/** Parses a frame's `data`; throws an Error naming the first field that is wrong. */
export function parseRobotMessage(data: string, download: FileDownloader): ParsedRobotMessage {
  const result = RobotMessageSchema.safeParse(JSON.parse(data));
  if (!result.success) throw fieldError('robot message field', result.error);
  const message = result.data;
  if (message.conversationType === '2' && message.isInAtList === false)
    return { message, inbound: undefined };
  return {
    message,
    inbound: {
      eventId: message.msgId,
      chatId: message.conversationId,
      senderId: message.senderStaffId || message.senderId,
      text: textOf(message).trim(),
      files: filesOf(message, download),
    },
  };
}

function textOf(message: RobotMessage): string {
  if (message.msgtype === 'text') return message.text?.content ?? '';
  if (message.msgtype === 'audio') return message.content?.recognition ?? '';
  if (message.msgtype === 'richText')
    return (message.content?.richText ?? [])
      .map((part) => part.text ?? '')
      .filter(Boolean)
      .join('\n');
  return '';
}

function filesOf(message: RobotMessage, download: FileDownloader): InboundFile[] {
  const robotCode = message.robotCode ?? '';
  const file = (name: string, code: string): InboundFile => ({
    name,
    download: (maxBytes) => download(code, robotCode, maxBytes),
  });
  const content = message.content;
  if (!content) return [];
  if (message.msgtype === 'file' && content.downloadCode)
    return [file(content.fileName || `file-${message.msgId}`, content.downloadCode)];
  // A voice message DingTalk did not recognise itself (its `recognition` is the text otherwise).
  if (message.msgtype === 'audio' && content.downloadCode && !content.recognition)
    return [file(`voice-${message.msgId}`, content.downloadCode)];
  if (message.msgtype === 'picture' && content.downloadCode)
    return [file(`picture-${message.msgId}.png`, content.downloadCode)];
  if (message.msgtype === 'richText')
    return (content.richText ?? []).flatMap((part, index) =>
      part.type === 'picture' && part.downloadCode
        ? [file(`picture-${message.msgId}-${index}.png`, part.downloadCode)]
        : [],
    );
  return [];
}
