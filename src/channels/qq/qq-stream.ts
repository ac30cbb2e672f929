/**
 * Streamed answers in direct chats, the platform's C2C stream messages as Tencent's own SDK
 * (`@tencent-connect/qqbot-nodejs`, its `stream_messages` guide and types) sends them; the
 * bot.q.qq.com documentation does not describe them. Every frame is
 * `POST /v2/users/{openid}/stream_messages` with `input_mode: "replace"` (`content_raw` is the
 * whole text so far), `input_state` 1 (generating) or 10 (done), `content_type: "markdown"` (the
 * only type the SDK names, so only bots with Markdown rights stream), the user's message as
 * `msg_id` and `event_id`, one `msg_seq` for all frames of the stream, `index` 0, 1, 2 … and,
 * after the first frame, the `stream_msg_id` its answer named (`id`). A stream starts only from a
 * user's message at most 5 minutes old, and frames are at least 300 ms apart (the SDK's minimum).
 *
 * Any failure ends the stream: what the chat shows stays as it is, and the final text goes out
 * as one ordinary reply (`whole`), so the answer always arrives complete.
 */
import type { Logger } from '../../log/logger.js';
import type { QqOpenApi } from './qq-http.js';
import { chatOf } from './qq-inbound.js';
import type { createReplyLedger, Reply } from './qq-replies.js';

/** A stream answers a user's message at most this old (the SDK's rule). */
const STREAM_WINDOW_MS = 5 * 60_000;
/** The SDK's shortest time between two frames of a stream. */
export const MIN_FRAME_GAP_MS = 300;
const STATE = { generating: 1, done: 10 } as const;
const MAX_OPEN = 1000;
const MAX_ID_CHARS = 256;

interface Stream {
  chatId: string;
  reply: Reply | undefined;
  streamMsgId: string | undefined;
  index: number;
  lastFrameAt: number;
  /** A frame failed: the rest of the answer goes as one ordinary reply. */
  broken: boolean;
}

interface QqStreamOptions {
  api: QqOpenApi;
  replies: ReturnType<typeof createReplyLedger>;
  logger: Pick<Logger, 'warn'>;
  /** Sends the text as one ordinary reply (the fallback); resolves with its id. */
  whole(chatId: string, text: string): Promise<string>;
  /** Waits `ms` (stopped with the transport). */
  wait(ms: number): Promise<void>;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createQqStreams(options: QqStreamOptions) {
  const { api, replies, logger } = options;
  const streams = new Map<string, Stream>();
  let opened = 0;

  async function frame(stream: Stream, text: string, done: boolean): Promise<void> {
    const { openid } = chatOf(stream.chatId);
    const reply = stream.reply as Reply;
    const answer = await api.call(
      'POST',
      `/v2/users/${openid}/stream_messages`,
      {
        input_mode: 'replace',
        input_state: done ? STATE.done : STATE.generating,
        content_type: 'markdown',
        content_raw: text,
        event_id: reply.source.id,
        msg_id: reply.source.id,
        msg_seq: reply.seq,
        index: stream.index,
        ...(stream.streamMsgId ? { stream_msg_id: stream.streamMsgId } : {}),
      },
      `users/stream_messages (${done ? 'done' : 'frame'})`,
    );
    if (stream.index === 0) {
      const id = answer.id;
      if (typeof id !== 'string' || id === '' || id.length > MAX_ID_CHARS)
        throw new Error('QQ users/stream_messages: the answer names no stream id');
      stream.streamMsgId = id;
      reply.taken();
    }
    stream.index += 1;
    stream.lastFrameAt = Date.now();
  }

  function fail(stream: Stream, error: unknown): void {
    stream.broken = true;
    logger.warn({ error: describe(error) }, 'a QQ stream reply failed; the answer goes whole');
  }

  return {
    /** Whether answers in this chat are streamed (direct chats only). */
    streams: (chatId: string) => chatOf(chatId).direct,

    /** Starts a stream with `text`; resolves with its id (a failure falls back at the end). */
    async open(chatId: string, text: string): Promise<string> {
      opened += 1;
      const id = `qq-stream-${opened}`;
      const stream: Stream = {
        chatId,
        reply: undefined,
        streamMsgId: undefined,
        index: 0,
        lastFrameAt: 0,
        broken: false,
      };
      if (streams.size >= MAX_OPEN) streams.delete(streams.keys().next().value as string);
      streams.set(id, stream);
      try {
        stream.reply = replies.next(chatId, STREAM_WINDOW_MS);
        await frame(stream, text, false);
      } catch (error) {
        fail(stream, error);
      }
      return id;
    },

    /** Whether `streamId` is a stream not yet closed (the only messages `edit` changes). */
    isOpen: (streamId: string) => streams.has(streamId),

    /**
     * The stream's text now (`final`: complete). False for an id that is no open stream (a
     * message sent whole). Frames closer than 300 ms are skipped, except the last one, which waits.
     */
    async edit(streamId: string, text: string, final: boolean): Promise<boolean> {
      const stream = streams.get(streamId);
      if (!stream) return false;
      if (final) streams.delete(streamId);
      if (!stream.broken) {
        const gap = stream.lastFrameAt + MIN_FRAME_GAP_MS - Date.now();
        if (!final && gap > 0) return true;
        try {
          if (gap > 0) await options.wait(gap);
          await frame(stream, text, final);
          return true;
        } catch (error) {
          fail(stream, error);
        }
      }
      if (final) await options.whole(stream.chatId, text);
      return true;
    },
  };
}
