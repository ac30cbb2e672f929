/**
 * DingTalk in Stream mode on the official SDK: the client registers the robot message topic
 * (and, with a card template, the card callback topic), receives events over the stream
 * WebSocket and ACKs each one at once (so DingTalk does not redeliver it).
 *
 * Messages are Markdown, sent through the chat's reply webhook while it is valid and through the
 * robot OpenAPI after it expired or for a chat known only from the record (dingtalk-chats.ts).
 * DingTalk cannot edit a sent robot message, so there is no `edit`: the core sends whole answers
 * (after a "thinking" notice when slow). With `card_template_id` set, approvals are interactive
 * cards (`sendWithButtons`, updated in place by `settleButtons`); without it, or when a card
 * cannot be sent, the core asks for a one-word reply.
 */
import { type DWClientDownStream, TOPIC_CARD, TOPIC_ROBOT } from 'dingtalk-stream';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import type { TransportContext, TransportTuning } from '../channel-kind.js';
import { downloadLimited } from '../read-limited.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { type ButtonCards, createButtonCards } from './dingtalk-cards.js';
import { createChatDirectory } from './dingtalk-chats.js';
import { sendDingTalkFile } from './dingtalk-files.js';
import { DingTalkApiError } from './dingtalk-http.js';
import { parseRobotMessage } from './dingtalk-inbound.js';
import { createOpenApi } from './dingtalk-openapi.js';
import { sendMarkdown } from './dingtalk-send.js';
import type { DingTalkSettings } from './dingtalk-settings.js';
import { AiboxStreamClient } from './dingtalk-stream-client.js';

interface DingTalkTransportOptions extends TransportTuning {
  settings: DingTalkSettings;
  logger: Logger;
  context: TransportContext;
}

/** DingTalk takes about 5,000 characters of Markdown per message; a margin for the split. */
const MAX_MESSAGE_CHARS = 4000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  const api = createOpenApi(settings, stopper.signal);
  const chats = createChatDirectory({
    webhookOrigin: settings.webhookOrigin,
    knownChat: options.context.knownChat,
  });
  const cards = settings.cardTemplateId
    ? createButtonCards({ api, robotCode: settings.robotCode, templateId: settings.cardTemplateId })
    : undefined;
  const sendTarget = { api, robotCode: settings.robotCode, signal: stopper.signal };
  let sentCount = 0;

  async function download(downloadCode: string, robotCode: string, maxBytes: number): Promise<Uint8Array> {
    const answer = await api.call(
      'POST',
      '/v1.0/robot/messageFiles/download',
      { downloadCode, robotCode: robotCode || settings.robotCode },
      'robot/messageFiles/download',
    );
    if (typeof answer.downloadUrl !== 'string' || !/^https?:\/\//.test(answer.downloadUrl))
      throw new Error('DingTalk gave no download URL');
    return downloadLimited(answer.downloadUrl, { maxBytes, signal: stopper.signal });
  }

  /** ACKs a callback frame at once (DingTalk redelivers one not acknowledged in time), then handles it. */
  function listen(
    topic: string,
    what: string,
    ack: object,
    handle: (frame: DWClientDownStream) => void,
  ): void {
    client.registerCallbackListener(topic, (frame: DWClientDownStream) => {
      client.socketCallBackResponse(frame.headers.messageId, ack);
      try {
        handle(frame);
      } catch (error) {
        logger.warn(
          { error: describe(error), frame: frame.headers.messageId },
          `malformed DingTalk ${what} ignored`,
        );
      }
    });
  }

  function onRobotMessage(frame: DWClientDownStream, onMessage: (message: InboundMessage) => void): void {
    const { message, inbound } = parseRobotMessage(frame.data, download);
    const direct = message.conversationType === '1';
    chats.remember(message.conversationId, {
      webhook: message.sessionWebhook,
      expiresAt: message.sessionWebhookExpiredTime ?? Number.POSITIVE_INFINITY,
      direct,
      userId: message.senderStaffId || undefined,
    });
    if (inbound) onMessage({ ...inbound, direct });
  }

  function onCardPress(
    cards: ButtonCards,
    frame: DWClientDownStream,
    onAction: (action: InboundAction) => void,
  ): void {
    const press = cards.press(frame.data);
    if (!press) {
      logger.debug({ frame: frame.headers.messageId }, 'a press on a card this box does not know ignored');
      return;
    }
    onAction({
      // A redelivered callback keeps its frame id: the core handles it once.
      eventId: `card:${frame.headers.messageId}`,
      chatId: press.chatId,
      senderId: press.senderId,
      data: press.data,
      acknowledge: (text) =>
        cards.notify(press.outTrackId, press.senderId, text).catch((error: unknown) => {
          logger.warn({ error: describe(error) }, 'showing a notice on a DingTalk card failed');
        }),
    });
  }

  const transport: ChannelTransport = {
    name: 'dingtalk',
    maxMessageChars: MAX_MESSAGE_CHARS,
    start(onMessage, onAction, onConnected) {
      client.onConnected = onConnected;
      listen(TOPIC_ROBOT, 'robot message', { status: 'SUCCESS' }, (frame) =>
        onRobotMessage(frame, onMessage),
      );
      // A card callback's answer may carry a card update; the card is updated through the OpenAPI instead.
      if (cards) listen(TOPIC_CARD, 'card callback', {}, (frame) => onCardPress(cards, frame, onAction));
      void client.connect();
    },
    async send(chatId, text) {
      const route = chats.route(chatId);
      try {
        await sendMarkdown(sendTarget, route, text);
      } catch (error) {
        // DingTalk refused the webhook (it can end a session before the time it said): nothing was
        // sent, so the OpenAPI may send it. A timeout is no refusal (it may have arrived): thrown.
        if (route.kind !== 'webhook' || !(error instanceof DingTalkApiError)) throw error;
        logger.info(
          { error: describe(error) },
          'the DingTalk reply webhook refused; sending through the OpenAPI',
        );
        await sendMarkdown(sendTarget, chats.openApiRoute(chatId), text);
      }
      sentCount += 1;
      return `${chatId}:${sentCount}`;
    },
    /** Always through the robot OpenAPI: a reply webhook cannot carry a file (dingtalk-files.ts). */
    async sendFile(chatId, file) {
      await sendDingTalkFile(sendTarget, chats.openApiRoute(chatId), file);
      sentCount += 1;
      return `${chatId}:${sentCount}`;
    },
    async stop() {
      stopper.abort();
      client.disconnect();
    },
  };
  if (cards) {
    transport.sendWithButtons = (chatId, text, buttons) =>
      cards.send(chats.openApiRoute(chatId), chatId, text, buttons);
    transport.settleButtons = (_chatId, messageId, text) => cards.settle(messageId, text);
  }
  return transport;
}
