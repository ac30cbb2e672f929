/**
 * Telegram over long polling with grammY's `Api` client. Our own loop rather than
 * `bot.start()`: every failure (dropped connection, 5xx, 409, a rejected token) is
 * logged and retried with back-off, so the channel keeps working for days and never
 * stops the server. Answers are sent as MarkdownV2 and resent as plain text when
 * Telegram rejects the formatting.
 */
import { Api, GrammyError, InputFile } from 'grammy';
import type { Update } from 'grammy/types';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import { sleep } from '../../util/sleep.js';
import { downloadLimited, FileTooLargeError } from '../read-limited.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { toMarkdownV2 } from './markdown-v2.js';
import { scrubbedError, scrubbedMessage } from './scrub-error.js';
import { sendTelegramFile } from './telegram-files.js';
import { actionFromUpdate, type BotIdentity, inboundFromUpdate } from './telegram-updates.js';

const TELEGRAM_API_ROOT = 'https://api.telegram.org';

interface TelegramTransportOptions {
  token: string;
  /** Empty: the public Bot API. */
  apiRoot: string;
  logger: Logger;
  /** Seconds one getUpdates call waits for news (Telegram allows up to 50). */
  pollTimeoutS?: number;
  backoffInitialMs?: number;
  backoffMaxMs?: number;
}

/** Telegram counts the limit after entity parsing: 4096; a margin for the split. */
const MAX_MESSAGE_CHARS = 4000;
const RATE_LIMIT_WAIT_CAP_S = 30;

interface TelegramTransport extends ChannelTransport {
  readonly api: Api;
}

type Handlers = {
  onMessage: (message: InboundMessage) => void;
  onAction: (action: InboundAction) => void;
  onConnected?: () => void;
};

const isFormattingError = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && /parse|entit/i.test(error.description);
const isNotModified = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && /not modified/i.test(error.description);

/** Runs `call`; on 429 waits the time Telegram asks for (capped) and tries once more. */
async function withRateLimit<T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GrammyError) || error.error_code !== 429) throw error;
    const wait = Math.min(error.parameters.retry_after ?? 1, RATE_LIMIT_WAIT_CAP_S);
    await sleep(wait * 1000, signal);
    return call();
  }
}

export function createTelegramTransport(options: TelegramTransportOptions): TelegramTransport {
  const apiRoot = (options.apiRoot || TELEGRAM_API_ROOT).replace(/\/+$/, '');
  const api = new Api(options.token, { apiRoot });
  const logger = options.logger;
  const stopper = new AbortController();
  const backoff = createBackoff(options.backoffInitialMs ?? 1000, options.backoffMaxMs ?? 60_000);
  // grammY types its signal parameters with the abort-controller polyfill's class; Node's is compatible.
  const apiSignal = stopper.signal as unknown as NonNullable<Parameters<Api['getMe']>[0]>;
  let bot: BotIdentity | undefined;
  let loop: Promise<void> | undefined;

  async function download(fileId: string, maxBytes: number): Promise<Uint8Array> {
    try {
      return await downloadOnce(fileId, maxBytes);
    } catch (error) {
      // The size refusal carries no URL; anything else may name the token in its URL.
      throw error instanceof FileTooLargeError ? error : scrubbedError(error, options.token);
    }
  }

  async function downloadOnce(fileId: string, maxBytes: number): Promise<Uint8Array> {
    const file = await api.getFile(fileId, apiSignal);
    if (!file.file_path) throw new Error('Telegram gave no file path');
    if (file.file_size !== undefined && file.file_size > maxBytes) throw new FileTooLargeError(maxBytes);
    return downloadLimited(`${apiRoot}/file/bot${options.token}/${file.file_path}`, {
      maxBytes,
      signal: stopper.signal,
    });
  }

  const acknowledge = async (queryId: string, text: string) => {
    await api.answerCallbackQuery(queryId, { text }, apiSignal).catch(() => undefined);
  };

  function dispatch(update: Update, handlers: Handlers): void {
    try {
      const action = actionFromUpdate(update, acknowledge);
      if (action) {
        handlers.onAction(action);
        return;
      }
      const message = inboundFromUpdate(update, bot, download);
      if (message) handlers.onMessage(message);
    } catch (error) {
      logger.warn(
        { error: scrubbedMessage(error, options.token), update: update.update_id },
        'malformed Telegram update ignored',
      );
    }
  }

  async function poll(handlers: Handlers): Promise<void> {
    let offset: number | undefined;
    let connected = false;
    while (!stopper.signal.aborted) {
      try {
        bot ??= await api.getMe(apiSignal);
        const updates = await api.getUpdates(
          {
            // After a failure, a quick poll: its answer says at once that Telegram is back.
            timeout: connected ? (options.pollTimeoutS ?? 30) : 0,
            allowed_updates: ['message', 'callback_query'],
            ...(offset !== undefined ? { offset } : {}),
          },
          apiSignal,
        );
        backoff.reset();
        if (!connected) handlers.onConnected?.();
        connected = true;
        for (const update of updates) {
          if (typeof update?.update_id !== 'number') continue;
          offset = Math.max(offset ?? 0, update.update_id + 1);
          dispatch(update, handlers);
        }
      } catch (error) {
        if (stopper.signal.aborted) return;
        connected = false;
        const delay = backoff.next();
        const rejected =
          error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404);
        logger[rejected ? 'error' : 'warn'](
          { error: scrubbedMessage(error, options.token), retryInMs: delay },
          rejected ? 'Telegram rejected the bot token' : 'Telegram polling failed; reconnecting',
        );
        await sleep(delay, stopper.signal);
      }
    }
  }

  /** Sends or edits with MarkdownV2, then as plain text when the formatting is refused. */
  async function formatted<T>(
    call: (text: string, markdown: boolean) => Promise<T>,
    text: string,
  ): Promise<T> {
    try {
      return await withRateLimit(() => call(toMarkdownV2(text), true), stopper.signal);
    } catch (error) {
      if (!isFormattingError(error)) throw error;
      logger.debug(
        { error: scrubbedMessage(error, options.token) },
        'MarkdownV2 refused; sending plain text',
      );
      return withRateLimit(() => call(text, false), stopper.signal);
    }
  }

  return {
    name: 'telegram',
    maxMessageChars: MAX_MESSAGE_CHARS,
    api,
    start(onMessage, onAction, onConnected) {
      loop ??= poll({ onMessage, onAction, ...(onConnected ? { onConnected } : {}) });
    },
    async send(chatId, text) {
      const sent = await formatted(
        (body, markdown) =>
          api.sendMessage(chatId, body, markdown ? { parse_mode: 'MarkdownV2' } : {}, apiSignal),
        text,
      );
      return String(sent.message_id);
    },
    async sendWithButtons(chatId, text, buttons) {
      const reply_markup = {
        inline_keyboard: [buttons.map((button) => ({ text: button.label, callback_data: button.data }))],
      };
      const sent = await formatted(
        (body, markdown) =>
          api.sendMessage(
            chatId,
            body,
            markdown ? { parse_mode: 'MarkdownV2', reply_markup } : { reply_markup },
            apiSignal,
          ),
        text,
      );
      return String(sent.message_id);
    },
    async sendVoice(chatId, audio) {
      const sent = await withRateLimit(
        () => api.sendVoice(chatId, new InputFile(audio, 'reply.ogg'), {}, apiSignal),
        stopper.signal,
      );
      return String(sent.message_id);
    },
    /** A picture as a photo, anything else (or a picture Telegram refuses as one) as a document. */
    async sendFile(chatId, file) {
      try {
        return await sendTelegramFile(api, chatId, file, apiSignal, (call) =>
          withRateLimit(call, stopper.signal),
        );
      } catch (error) {
        // A refusal says no more than Telegram did; anything else may carry the token in a URL.
        if (error instanceof GrammyError || error instanceof FileTooLargeError) throw error;
        throw scrubbedError(error, options.token);
      }
    },
    async edit(chatId, messageId, text) {
      try {
        await formatted(
          (body, markdown) =>
            api.editMessageText(
              chatId,
              Number(messageId),
              body,
              markdown ? { parse_mode: 'MarkdownV2' } : {},
              apiSignal,
            ),
          text,
        );
      } catch (error) {
        if (!isNotModified(error)) throw error;
      }
    },
    async stop() {
      stopper.abort();
      await loop;
    },
  };
}
