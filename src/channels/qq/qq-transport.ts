/**
 * QQ over the bot platform's WebSocket gateway (qq-gateway.ts), or its signed webhook
 * (qq-webhook.ts) with `webhook_listen`, and its OpenAPI (qq-http.ts), without an SDK. Answers are passive replies (qq-replies.ts): `POST /v2/users/{openid}/messages` or
 * `/v2/groups/{group_openid}/messages` with the source's `msg_id` (or `event_id`) and a `msg_seq`
 * of its own per reply; text (`msg_type: 0`) unless `markdown` is set (`msg_type: 2`, native
 * Markdown). Sent messages cannot be edited; with `markdown` set, answers in direct chats stream
 * instead (qq-stream.ts: `sendOpen` starts a stream, `edit` adds its frames and closes it, any
 * failure sends the answer as one reply), and group answers come as whole pieces (after a
 * "thinking" notice when slow); only a stream is `editable`, so a decided approval is posted
 * anew by the core (through the outbox). With `keyboard` set, approval requests are Markdown with
 * a row of callback buttons; a press (INTERACTION_CREATE) is acknowledged at once
 * (`PUT /interactions/{id}`, code 0) and what the core tells the presser is sent as a reply to it.
 */
import { type Lang, langOfText } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import { setBounded } from '../../util/bounded-map.js';
import { sleep } from '../../util/sleep.js';
import type { TransportTuning } from '../channel-kind.js';
import { downloadLimited } from '../read-limited.js';
import type { ActionButton, ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { createGateway, type GatewayEvent, INTENT_GROUP_AND_C2C, INTENT_INTERACTION } from './qq-gateway.js';
import { createQqOpenApi } from './qq-http.js';
import { chatOf, filesOf, parseMessage, parsePress } from './qq-inbound.js';
import { qqMessages } from './qq-messages.js';
import { createReplyLedger, type ReplySource } from './qq-replies.js';
import type { QqSettings } from './qq-settings.js';
import { createQqStreams } from './qq-stream.js';
import { createWebhook, parseListen } from './qq-webhook.js';

interface QqTransportOptions extends TransportTuning {
  settings: QqSettings;
  logger: Logger;
  /** Largest gateway frame taken (larger ones close the socket). */
  maxFrameBytes?: number;
}

/** The platform does not document a text limit; Aibox splits answers at this many characters. */
const MAX_MESSAGE_CHARS = 2000;
const DEFAULT_MAX_FRAME_BYTES = 4 * 1024 * 1024;
const MAX_CHAT_LANGS = 10_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createQqTransport(options: QqTransportOptions): ChannelTransport {
  const { settings, logger } = options;
  const stopper = new AbortController();
  const api = createQqOpenApi(settings, stopper.signal);
  const replies = createReplyLedger();
  const backoffMaxMs = options.backoffMaxMs ?? 60_000;
  // Files come from the platform's media hosts over https; a plain-http API root (a local fake or a
  // proxy) allows http too.
  const fileUrl = settings.apiRoot.startsWith('http:') ? /^https?:\/\//i : /^https:\/\//i;
  let sentCount = 0;
  let closeWebhook: (() => Promise<void>) | undefined;
  /** The language each chat last wrote in: the note on held messages is said in it. */
  const chatLangs = new Map<string, Lang>();

  const download = (url: string, maxBytes: number) => {
    if (!fileUrl.test(url)) return Promise.reject(new Error('QQ attachment URL is not https'));
    return downloadLimited(url, { maxBytes, signal: stopper.signal });
  };

  /** Sends one reply to the chat through its newest usable source; resolves with the message id. */
  async function reply(chatId: string, body: Record<string, unknown>, what: string): Promise<string> {
    const { direct, openid } = chatOf(chatId);
    const next = replies.next(chatId);
    const path = direct ? `/v2/users/${openid}/messages` : `/v2/groups/${openid}/messages`;
    const answer = await api.call(
      'POST',
      path,
      { ...body, [next.source.kind]: next.source.id, msg_seq: next.seq },
      `${direct ? 'users' : 'groups'}/messages (${what})`,
    );
    next.taken();
    sentCount += 1;
    return typeof answer.id === 'string' ? answer.id : `${chatId}:${sentCount}`;
  }

  /**
   * Rich media (富媒体): the file uploaded to `POST /v2/users/{openid}/files` or
   * `/v2/groups/{group_openid}/files` as base64 `file_data` with its `file_type` (1 picture, 2
   * video, 3 SILK voice; 4, other files, the platform does not open) and `srv_send_msg: false`;
   * the answer's `file_info` is then sent as a reply, `msg_type: 7` with `media.file_info`.
   */
  async function replyMedia(
    chatId: string,
    data: Uint8Array,
    fileType: 1 | 3,
    what: string,
  ): Promise<string> {
    const { direct, openid } = chatOf(chatId);
    const uploaded = await api.call(
      'POST',
      direct ? `/v2/users/${openid}/files` : `/v2/groups/${openid}/files`,
      { file_type: fileType, file_data: Buffer.from(data).toString('base64'), srv_send_msg: false },
      `${direct ? 'users' : 'groups'}/files (${what})`,
    );
    const info = uploaded.file_info;
    if (typeof info !== 'string' || info === '' || info.length > 65_536)
      throw new Error(`QQ files (${what}): the answer has no file_info`);
    return reply(chatId, { msg_type: 7, media: { file_info: info } }, what);
  }

  const textBody = (text: string) =>
    settings.markdown
      ? { msg_type: 2, content: '', markdown: { content: text } }
      : { msg_type: 0, content: text };

  function onMessageEvent(event: GatewayEvent, onMessage: (message: InboundMessage) => void): void {
    const message = parseMessage(event.type, event.data);
    if (!message) return;
    replies.add(message.chatId, { kind: 'msg_id', id: message.msgId }, message.direct);
    const lang = langOfText(message.text);
    if (lang) setBounded(chatLangs, message.chatId, lang, MAX_CHAT_LANGS);
    onMessage({
      // A replayed event keeps its message id: the core answers it once.
      eventId: message.msgId,
      chatId: message.chatId,
      senderId: message.senderId,
      text: message.text,
      files: filesOf(message, download),
      direct: message.direct,
    });
  }

  function onPressEvent(event: GatewayEvent, onAction: (action: InboundAction) => void): void {
    const press = parsePress(event.data);
    if (!press) return;
    // The presser's client shows a spinner until the press is acknowledged.
    api
      .call('PUT', `/interactions/${encodeURIComponent(press.interactionId)}`, { code: 0 }, 'interactions')
      .catch((error: unknown) =>
        logger.warn({ error: describe(error) }, 'acknowledging a QQ button press failed'),
      );
    const source: ReplySource = { kind: 'event_id', id: press.interactionId };
    replies.add(press.chatId, source, press.direct);
    onAction({
      eventId: `interaction:${press.interactionId}`,
      chatId: press.chatId,
      senderId: press.senderId,
      data: press.data,
      acknowledge: (text) =>
        reply(press.chatId, { msg_type: 0, content: text }, 'press notice').then(
          () => undefined,
          (error: unknown) => logger.warn({ error: describe(error) }, 'telling a QQ presser failed'),
        ),
    });
  }

  const transport: ChannelTransport = {
    name: 'qq',
    maxMessageChars: MAX_MESSAGE_CHARS,
    voiceFormat: 'silk',
    fileKinds: ['image'],
    sendVoice: (chatId, audio) => replyMedia(chatId, audio, 3, 'voice'),
    sendFile: (chatId, file) =>
      file.kind === 'image'
        ? replyMedia(chatId, file.data, 1, 'picture')
        : Promise.reject(new Error('QQ: the platform takes no files but pictures')),
    start(onMessage, onAction, onConnected) {
      const onEvent = (event: GatewayEvent) => {
        try {
          if (event.type === 'INTERACTION_CREATE') onPressEvent(event, onAction);
          else onMessageEvent(event, onMessage);
        } catch (error) {
          logger.warn(
            { error: describe(error), event: event.type.slice(0, 64) },
            'malformed QQ event ignored',
          );
        }
      };
      const maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
      if (settings.webhookListen) {
        const webhook = createWebhook({
          listen: parseListen(settings.webhookListen),
          secret: settings.clientSecret,
          logger,
          maxBodyBytes: maxFrameBytes,
          onEvent,
          onListening: () => onConnected?.(),
        });
        closeWebhook = () => webhook.stop();
        webhook.start();
        return;
      }
      const gateway = createGateway({
        api,
        intents: INTENT_GROUP_AND_C2C | (settings.keyboard ? INTENT_INTERACTION : 0),
        logger,
        backoff: createBackoff(options.backoffInitialMs ?? 1000, backoffMaxMs),
        backoffMaxMs,
        maxFrameBytes,
        signal: stopper.signal,
        onConnected: () => onConnected?.(),
        onEvent,
      });
      stopper.signal.addEventListener('abort', () => gateway.stop(), { once: true });
      gateway.start();
    },
    async send(chatId, text) {
      // The first message after some had to wait says so (they come as a reply to a later message).
      const held = replies.isHeld(chatId);
      const lang = chatLangs.get(chatId) ?? langOfText(text) ?? 'en';
      const shown = held ? `${qqMessages(lang).held}\n\n${text}` : text;
      const id = await reply(chatId, textBody(shown), 'text');
      replies.clearHeld(chatId);
      return id;
    },
    async stop() {
      stopper.abort();
      await closeWebhook?.();
    },
  };
  if (settings.markdown) {
    const streams = createQqStreams({
      api,
      replies,
      logger,
      whole: (chatId, text) => transport.send(chatId, text),
      wait: (ms) => sleep(ms, stopper.signal),
    });
    transport.streams = streams.streams;
    transport.sendOpen = (chatId, text) =>
      streams.streams(chatId) ? streams.open(chatId, text) : transport.send(chatId, text);
    transport.editable = (messageId) => streams.isOpen(messageId);
    transport.edit = async (_chatId, messageId, text, final = false) => {
      if (!(await streams.edit(messageId, text, final)))
        throw new Error(`QQ cannot edit a sent message (${messageId.slice(0, 64)} is no open stream)`);
    };
  }
  if (settings.keyboard)
    transport.sendWithButtons = (chatId: string, text: string, buttons: ActionButton[]) =>
      reply(
        chatId,
        {
          msg_type: 2,
          content: '',
          markdown: { content: text },
          keyboard: {
            content: {
              rows: [
                {
                  buttons: buttons.map((button, index) => ({
                    id: String(index + 1),
                    render_data: {
                      label: button.label,
                      visited_label: button.label,
                      style: index === 0 ? 1 : 0,
                    },
                    action: {
                      type: 1,
                      // Everyone may press; the core decides only for allowed senders.
                      permission: { type: 2 },
                      data: button.data,
                      unsupport_tips: button.label,
                    },
                  })),
                },
              ],
            },
          },
        },
        'approval buttons',
      );
  return transport;
}
