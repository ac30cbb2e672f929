/**
 * Delivery to one channel's chats that survives the vendor being down: a message that cannot
 * be sent because the vendor is unreachable (send-failure.ts) is kept in the outbox store and
 * re-posted when the channel is back — when its transport reconnects, when anything arrives
 * from the vendor, or on a slow back-off timer — oldest first, one at a time, each removed as
 * soon as the vendor has taken it. A message the vendor refuses is logged and not kept.
 *
 * Order is per chat: while a chat has messages waiting, a new `post` to it queues behind them;
 * a chat that still cannot be reached (DingTalk: no live reply webhook) does not hold up the
 * others. Once each: one re-post loop per channel; a message is removed when its send resolves.
 * (A send that timed out may still have arrived; that one message can then show twice.)
 */
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import { splitText } from '../bridge/split-text.js';
import type { ChannelTransport } from '../types.js';
import type { OutboxDrop, OutboxStore } from './outbox-store.js';
import { vendorRefused } from './send-failure.js';

/** The back-off timer only backs up the reconnect signal: slow, doubling to ten minutes. */
const RETRY_INITIAL_MS = 30_000;
const RETRY_MAX_MS = 600_000;

interface ChatOutboxOptions {
  transport: Pick<ChannelTransport, 'name' | 'maxMessageChars' | 'send'>;
  store: OutboxStore;
  logger: Logger;
  /** What a chat is told before its re-posted messages when `count` of them were dropped. */
  droppedNote: (chatId: string, count: number) => string;
}

export interface ChatOutbox {
  /** Sends a whole text (split at the vendor's limit); what cannot be sent now is kept. */
  post(chatId: string, text: string): Promise<void>;
  /** Keeps pieces that a failed send could not deliver (an answer's rest), if the failure was downtime. */
  keep(chatId: string, pieces: readonly string[], error: unknown): void;
  /** The channel is (probably) reachable: re-post what waits. */
  flush(): void;
  /** Stops the timer (messages stay in the store for the next start). */
  close(): void;
}

export function createChatOutbox(options: ChatOutboxOptions): ChatOutbox {
  const { transport, store, logger } = options;
  const channel = transport.name;
  const backoff = createBackoff(RETRY_INITIAL_MS, RETRY_MAX_MS);
  let flushing: Promise<void> | undefined;
  /** A sign the channel works came during a round (which may have given up on a chat already). */
  let flushAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const logDrops = (drops: OutboxDrop[]) => {
    for (const { entry, why } of drops)
      logger.warn(
        {
          chat: entry.chatId,
          why,
          bytes: Buffer.byteLength(entry.text),
          keptAt: new Date(entry.at).toISOString(),
        },
        'an undelivered chat message was dropped from the outbox',
      );
  };

  /** `error`: why the send failed (none when the pieces only queue behind the chat's waiting ones). */
  const keepAll = (chatId: string, pieces: readonly string[], error?: unknown) => {
    for (const piece of pieces) {
      try {
        logDrops(store.add(channel, chatId, piece));
      } catch (saveError) {
        // The store keeps it in memory before it saves; throwing here would reach callers nobody
        // awaits (a streaming answer's end) and stop the server.
        logger.error(
          { err: saveError, chat: chatId },
          'the outbox file could not be written; the message waits in memory only (lost on a restart)',
        );
      }
    }
    logger.warn(
      { chat: chatId, messages: pieces.length, ...(error !== undefined ? { err: error } : {}) },
      'the chat cannot be reached now; kept in the outbox',
    );
    schedule();
  };

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, backoff.next());
    timer.unref();
  }

  /**
   * Sends one message: true when it is done with (taken, or refused for good: logged), false
   * when the vendor is unreachable.
   */
  async function sendOnce(chatId: string, text: string, what: string): Promise<boolean> {
    try {
      await transport.send(chatId, text);
      return true;
    } catch (error) {
      if (vendorRefused(error)) {
        logger.warn({ err: error, chat: chatId }, `the vendor refused ${what}; dropped`);
        return true;
      }
      logger.info({ err: error }, 'the channel is still unreachable; the outbox waits');
      return false;
    }
  }

  /**
   * Sends the chat's drop note, then the entry; false when the vendor is unreachable. A refused
   * note is not told again, and never costs the entry its own try.
   */
  async function repost(chatId: string, text: string): Promise<boolean> {
    const dropped = store.dropped(channel, chatId);
    if (dropped > 0) {
      if (!(await sendOnce(chatId, options.droppedNote(chatId, dropped), 'the note of dropped messages')))
        return false;
      store.clearDropped(channel, chatId);
    }
    return sendOnce(chatId, text, 'a message from the outbox');
  }

  async function drain(): Promise<void> {
    /** Chats that could not be reached in this round: their messages wait for the next. */
    const unreachable = new Set<string>();
    for (;;) {
      const { entry, expired } = store.next(channel, unreachable);
      logDrops(expired);
      if (!entry) break;
      if (await repost(entry.chatId, entry.text)) store.remove(entry.id);
      else unreachable.add(entry.chatId);
    }
    if (unreachable.size > 0) schedule();
    else backoff.reset();
  }

  function flush(): void {
    if (closed || !store.has(channel)) return;
    if (flushing) {
      flushAgain = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    // Never a rejection nobody awaits (that would stop the server): a store that cannot be
    // written (disk full) is logged, and the timer tries again.
    flushing = drain()
      .catch((error: unknown) => {
        logger.error({ err: error }, 're-posting the outbox failed; it waits for the next try');
        schedule();
      })
      .finally(() => {
        flushing = undefined;
        if (flushAgain) {
          flushAgain = false;
          flush();
        }
      });
  }

  // Messages kept before a restart go out at the first sign the channel works, or on the timer.
  if (store.has(channel)) schedule();

  return {
    async post(chatId, text) {
      const pieces = splitText(text, transport.maxMessageChars);
      if (store.has(channel, chatId)) {
        keepAll(chatId, pieces); // behind what already waits for this chat, in order
        return flush();
      }
      for (const [index, piece] of pieces.entries()) {
        try {
          await transport.send(chatId, piece);
        } catch (error) {
          if (vendorRefused(error)) throw error;
          return keepAll(chatId, pieces.slice(index), error);
        }
      }
    },
    keep(chatId, pieces, error) {
      if (pieces.length > 0 && !vendorRefused(error)) keepAll(chatId, pieces, error);
    },
    flush,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
