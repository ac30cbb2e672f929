/**
 * Feishu/Lark over the SDK's long connection (`WSClient`): messages arrive as
 * `im.message.receive_v1` events and button presses as `card.action.trigger` callbacks,
 * both through one `EventDispatcher`; answers go out as interactive cards (Markdown element)
 * patched in place while they stream, through our own small HTTP client (lark-rest.ts).
 *
 * Keeps working: the SDK reconnects a dropped connection on the platform's schedule; when
 * it gives up (credentials refused, retries exhausted) or the bot's identity cannot be
 * fetched, we start over with back-off. An expired tenant token is fetched anew once per
 * call. A malformed event is logged and skipped. Nothing logged carries a credential.
 */
import { EventDispatcher, LoggerLevel, WSClient } from '@larksuiteoapi/node-sdk';
import type { Logger } from '../../log/logger.js';
import { oggOpusMs } from '../../media/voice/ogg-duration.js';
import { createBackoff } from '../../util/backoff.js';
import { sleep } from '../../util/sleep.js';
import type { TransportTuning } from '../channel-kind.js';
import { multipartBody } from '../multipart-body.js';
import { FileTooLargeError } from '../read-limited.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { LarkApiError } from './lark-api-error.js';
import { cardContent } from './lark-card.js';
import { actionFromEvent, inboundFromEvent } from './lark-events.js';
import { sendLarkFile } from './lark-files.js';
import { createLarkRest } from './lark-rest.js';
import { larkHttpInstance, scrubSecrets, sdkLogger } from './lark-sdk-options.js';

/** Back-off (from `TransportTuning`) restarts the connection after the SDK gives up. */
interface LarkTransportOptions extends TransportTuning {
  appId: string;
  appSecret: string;
  /** Base URL of the open platform. */
  domain: string;
  logger: Logger;
  /** Time limit of one HTTP call to the platform. */
  callTimeoutMs?: number;
}

/**
 * A card's JSON may be 30 KB; a Chinese character is 3 bytes of it. 7,000 characters
 * leave room for the card's frame and JSON escapes.
 */
const MAX_MESSAGE_CHARS = 7000;
/** The platform wants a card callback answered within 3 s; the toast must come before. */
const ACTION_ANSWER_WAIT_MS = 2500;
/** Seconds without any frame after a ping before the connection counts as dead. */
const PING_TIMEOUT_S = 30;

type Json = Record<string, unknown>;
type Handlers = {
  onMessage: (message: InboundMessage) => void;
  onAction: (action: InboundAction) => void;
  onConnected?: () => void;
};

/** Resolves with `promise`'s value, or undefined after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function createLarkTransport(options: LarkTransportOptions): ChannelTransport {
  const { appId, appSecret, domain, logger } = options;
  const secrets = [appSecret];
  const stopper = new AbortController();
  const backoff = createBackoff(options.backoffInitialMs ?? 1000, options.backoffMaxMs ?? 60_000);
  const sdkLog = sdkLogger(logger, secrets);
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const httpInstance = larkHttpInstance(callTimeoutMs, stopper.signal);
  const rest = createLarkRest({ appId, appSecret, domain, timeoutMs: callTimeoutMs, signal: stopper.signal });
  const safe = (error: unknown) =>
    scrubSecrets(error instanceof Error ? error.message : String(error), secrets);
  let botOpenId: string | undefined;
  let ws: WSClient | undefined;

  /** One API call: its data, or a clear error; a refused token is renewed and a rate limit waited out once. */
  async function call<T = Json>(...args: Parameters<typeof rest.call>): Promise<T> {
    return retried(() => rest.call<T>(...args));
  }

  async function retried<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        const retry = attempt === 0 && failure instanceof LarkApiError;
        if (retry && failure.tokenInvalid) {
          rest.clearToken();
          continue;
        }
        if (retry && failure.rateLimited) {
          await sleep(1000, stopper.signal);
          continue;
        }
        if (failure instanceof LarkApiError) failure.message = scrubSecrets(failure.message, secrets);
        else throw new Error(scrubSecrets(failure.message, secrets));
        throw failure;
      }
    }
  }

  async function download(messageId: string, fileKey: string, type: 'file' | 'image', maxBytes: number) {
    const path = `/open-apis/im/v1/messages/${encodeURIComponent(messageId)}/resources/${encodeURIComponent(fileKey)}?type=${type}`;
    try {
      return await rest.download('download file', path, maxBytes);
    } catch (error) {
      // The bridge tells the chat about an oversized file in its language.
      if (error instanceof FileTooLargeError) throw error;
      throw new Error(safe(error));
    }
  }

  function dispatcherFor(handlers: Handlers): EventDispatcher {
    return new EventDispatcher({ logger: sdkLog, loggerLevel: LoggerLevel.info }).register({
      'im.message.receive_v1': async (data: unknown) => {
        try {
          const message = inboundFromEvent(data as Json, botOpenId, download);
          if (message) handlers.onMessage(message);
        } catch (error) {
          logger.warn({ error: safe(error) }, 'malformed Lark message event ignored');
        }
      },
      'card.action.trigger': async (data: unknown) => {
        let respond!: (text: string) => void;
        const answered = new Promise<string>((resolve) => {
          respond = resolve;
        });
        try {
          const action = actionFromEvent(data as Json, respond);
          if (!action) return {};
          handlers.onAction(action);
        } catch (error) {
          logger.warn({ error: safe(error) }, 'malformed Lark card action ignored');
          return {};
        }
        const text = await within(answered, ACTION_ANSWER_WAIT_MS);
        return text ? { toast: { type: 'info', content: text } } : {};
      },
    } as never);
  }

  /** Learns the bot's identity (groups need it), then opens the long connection; retried with back-off. */
  async function connect(handlers: Handlers): Promise<void> {
    while (!stopper.signal.aborted) {
      try {
        const info = await call<{ bot?: { open_id?: string } }>('bot info', 'GET', '/open-apis/bot/v3/info');
        botOpenId = info.bot?.open_id;
        openLongConnection(handlers);
        return;
      } catch (error) {
        if (stopper.signal.aborted) return;
        const delay = backoff.next();
        const refused = error instanceof LarkApiError && error.credentialsRefused;
        logger.error(
          { error: safe(error), retryInMs: delay },
          refused ? 'Lark refused the app id or secret' : 'Lark: could not reach the open platform',
        );
        await sleep(delay, stopper.signal);
      }
    }
  }

  function openLongConnection(handlers: Handlers): void {
    const socket = new WSClient({
      appId,
      appSecret,
      domain,
      logger: sdkLog,
      loggerLevel: LoggerLevel.info,
      httpInstance,
      autoReconnect: true,
      source: 'aibox',
      wsConfig: { pingTimeout: PING_TIMEOUT_S },
      onReady: () => {
        backoff.reset();
        logger.info('Lark long connection open');
        handlers.onConnected?.();
      },
      onReconnecting: () => logger.warn('Lark long connection dropped; reconnecting'),
      onReconnected: () => {
        backoff.reset();
        logger.info('Lark long connection open again');
        handlers.onConnected?.();
      },
      onError: (error) => {
        socket.close({ force: true });
        if (stopper.signal.aborted) return;
        const delay = backoff.next();
        logger.error({ error: safe(error), retryInMs: delay }, 'Lark long connection failed; starting over');
        void sleep(delay, stopper.signal).then(() => connect(handlers));
      },
    });
    ws = socket;
    void socket.start({ eventDispatcher: dispatcherFor(handlers) });
  }

  function createCard(name: string, chatId: string, content: string) {
    return call<{ message_id?: string }>(name, 'POST', '/open-apis/im/v1/messages?receive_id_type=chat_id', {
      receive_id: chatId,
      msg_type: 'interactive',
      content,
    });
  }

  let started: Promise<void> | undefined;
  return {
    name: 'lark',
    maxMessageChars: MAX_MESSAGE_CHARS,
    start(onMessage, onAction, onConnected) {
      started ??= connect({ onMessage, onAction, ...(onConnected ? { onConnected } : {}) });
    },
    async send(chatId, text) {
      const sent = await createCard('send message', chatId, cardContent(text));
      if (!sent.message_id) throw new Error('send message: the platform gave no message_id');
      return sent.message_id;
    },
    /** Feishu plays Opus in Ogg uploaded as `file_type: opus` with its duration in ms, sent as `audio`. */
    async sendVoice(chatId, audio) {
      const duration = oggOpusMs(audio);
      if (duration === undefined) throw new Error('send voice: not Opus audio in Ogg');
      const form = multipartBody(
        { file_type: 'opus', file_name: 'reply.opus', duration: String(duration) },
        { field: 'file', name: 'reply.opus', type: 'audio/ogg', data: audio },
      );
      const uploaded = await retried(() =>
        rest.upload<{ file_key?: string }>('upload voice', '/open-apis/im/v1/files', form),
      );
      if (!uploaded.file_key) throw new Error('upload voice: the platform gave no file_key');
      const sent = await call<{ message_id?: string }>(
        'send voice',
        'POST',
        '/open-apis/im/v1/messages?receive_id_type=chat_id',
        { receive_id: chatId, msg_type: 'audio', content: JSON.stringify({ file_key: uploaded.file_key }) },
      );
      if (!sent.message_id) throw new Error('send voice: the platform gave no message_id');
      return sent.message_id;
    },
    /** A picture as an `image` message, any other file as a `file` message (lark-files.ts). */
    sendFile: (chatId, file) =>
      sendLarkFile(
        {
          upload: (name, path, form) => retried(() => rest.upload(name, path, form)),
          send: (name, receiveId, msgType, content) =>
            call(name, 'POST', '/open-apis/im/v1/messages?receive_id_type=chat_id', {
              receive_id: receiveId,
              msg_type: msgType,
              content,
            }),
        },
        chatId,
        file,
      ),
    async sendWithButtons(chatId, text, buttons) {
      const sent = await createCard('send card', chatId, cardContent(text, buttons));
      if (!sent.message_id) throw new Error('send card: the platform gave no message_id');
      return sent.message_id;
    },
    async edit(_chatId, messageId, text) {
      const path = `/open-apis/im/v1/messages/${encodeURIComponent(messageId)}`;
      await call('update card', 'PATCH', path, { content: cardContent(text) });
    },
    async stop() {
      stopper.abort();
      ws?.close({ force: true });
      await started;
    },
  };
}
