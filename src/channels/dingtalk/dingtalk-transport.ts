/**
 * DingTalk in Stream mode on the official SDK: the client registers the robot message
 * topic, receives robot messages over the stream WebSocket and ACKs each one at once (so
 * DingTalk does not redeliver it); answers go to the message's session webhook as Markdown.
 * DingTalk cannot edit a sent robot message and this transport sends no cards, so it has
 * neither `edit` nor `sendWithButtons`: the core sends whole answers (after a "thinking"
 * notice when slow) and asks for approvals by a one-word reply.
 */
import { type DWClientDownStream, TOPIC_ROBOT } from 'dingtalk-stream';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../backoff.js';
import type { TransportTuning } from '../channel-kind.js';
import { readLimited } from '../read-limited.js';
import type { ChannelTransport } from '../types.js';
import { createTokenSource, postJson } from './dingtalk-http.js';
import { parseRobotMessage } from './dingtalk-inbound.js';
import type { DingTalkSettings } from './dingtalk-settings.js';
import { AiboxStreamClient } from './dingtalk-stream-client.js';
import { markdownTitle } from './markdown-title.js';

interface DingTalkTransportOptions extends TransportTuning {
  settings: DingTalkSettings;
  logger: Logger;
}

/** DingTalk takes about 5,000 characters of Markdown per message; a margin for the split. */
const MAX_MESSAGE_CHARS = 4000;
/** Chats whose reply webhook is remembered (the oldest is forgotten first). */
const MAX_CHATS = 10_000;

interface ReplyWebhook {
  url: string;
  /** Milliseconds since the epoch; DingTalk's `sessionWebhookExpiredTime`. */
  expiresAt: number;
}

export function createDingTalkTransport(options: DingTalkTransportOptions): ChannelTransport {
  const { settings, logger } = options;
  const stopper = new AbortController();
  const initialMs = options.backoffInitialMs ?? 1000;
  const client = new AiboxStreamClient({
    settings,
    logger,
    backoff: createBackoff(initialMs, options.backoffMaxMs ?? 60_000),
    reconnectDelayMs: initialMs,
    signal: stopper.signal,
  });
  const accessToken = createTokenSource(settings, stopper.signal);
  const webhooks = new Map<string, ReplyWebhook>();
  let sentCount = 0;

  /** Keeps the chat's reply webhook; throws when it points anywhere but DingTalk (or the configured root). */
  function remember(chatId: string, webhook: ReplyWebhook): void {
    const origin = new URL(webhook.url).origin;
    if (origin !== settings.webhookOrigin)
      throw new Error(`sessionWebhook on ${origin}, not ${settings.webhookOrigin}`);
    webhooks.delete(chatId);
    webhooks.set(chatId, webhook);
    if (webhooks.size > MAX_CHATS) webhooks.delete(webhooks.keys().next().value as string);
  }

  async function download(downloadCode: string, robotCode: string, maxBytes: number): Promise<Uint8Array> {
    const answer = await postJson(
      `${settings.apiRoot}/v1.0/robot/messageFiles/download`,
      { downloadCode, robotCode: robotCode || settings.clientId },
      {
        signal: stopper.signal,
        headers: { 'x-acs-dingtalk-access-token': await accessToken() },
        endpoint: 'robot/messageFiles/download',
      },
    );
    if (typeof answer.downloadUrl !== 'string' || !/^https?:\/\//.test(answer.downloadUrl))
      throw new Error('DingTalk gave no download URL');
    const response = await fetch(answer.downloadUrl, {
      signal: AbortSignal.any([stopper.signal, AbortSignal.timeout(120_000)]),
    });
    return readLimited(response, maxBytes);
  }

  return {
    name: 'dingtalk',
    maxMessageChars: MAX_MESSAGE_CHARS,
    start(onMessage) {
      client.registerCallbackListener(TOPIC_ROBOT, (frame: DWClientDownStream) => {
        // ACK first: DingTalk redelivers an event that is not acknowledged in time.
        client.socketCallBackResponse(frame.headers.messageId, { status: 'SUCCESS' });
        try {
          const { message, inbound } = parseRobotMessage(frame.data, download);
          remember(message.conversationId, {
            url: message.sessionWebhook,
            expiresAt: message.sessionWebhookExpiredTime ?? Number.POSITIVE_INFINITY,
          });
          if (inbound) onMessage(inbound);
        } catch (error) {
          logger.warn(
            { error: error instanceof Error ? error.message : String(error), frame: frame.headers.messageId },
            'malformed DingTalk robot message ignored',
          );
        }
      });
      void client.connect();
    },
    async send(chatId, text) {
      const webhook = webhooks.get(chatId);
      if (!webhook) throw new Error(`no DingTalk reply webhook for chat ${chatId} (it has not written yet)`);
      if (Date.now() >= webhook.expiresAt)
        throw new Error(`the DingTalk reply webhook of chat ${chatId} has expired; write to the bot again`);
      await postJson(
        webhook.url,
        { msgtype: 'markdown', markdown: { title: markdownTitle(text), text } },
        { signal: stopper.signal, endpoint: 'robot/sendBySession' },
      );
      sentCount += 1;
      return `${chatId}:${sentCount}`;
    },
    async stop() {
      stopper.abort();
      client.disconnect();
    },
  };
}
