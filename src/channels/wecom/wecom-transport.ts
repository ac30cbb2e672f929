/**
 * WeCom's intelligent robot on its long connection (wecom-socket.ts), as a channel transport.
 *
 * - A chat is a group (its `chatid`) or a one-to-one chat (the member's `userid`): the ids WeCom's
 *   active send (`aibot_send_msg`) takes, so results and outbox messages reach a chat any time.
 * - A streamed answer is a stream reply to the message that started it (`aibot_respond_msg`,
 *   `msgtype: stream`, the same `stream.id`, the whole text each time, `finish` at the end).
 *   WeCom takes updates of a stream for six minutes after the message; after five the stream is
 *   closed where it stands and the answer is sent whole, by an active send, once finished. So it
 *   is when WeCom says the stream expired, or when no message of the chat can carry a stream.
 * - Everything else (commands' output, refusals, task results, a decided request) is an active
 *   send of Markdown. Approvals are template cards with buttons (wecom-cards.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../log/logger.js';
import { createBackoff } from '../../util/backoff.js';
import { setBounded } from '../../util/bounded-map.js';
import type { TransportTuning } from '../channel-kind.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { createCardRegistry, type Press } from './wecom-cards.js';
import { streamGone } from './wecom-error.js';
import { parseEvent, parseMessage } from './wecom-inbound.js';
import { mediaFile } from './wecom-media.js';
import type { WeComSettings } from './wecom-settings.js';
import { CMD, type WeComFrame, WeComSocket } from './wecom-socket.js';
import { uploadMedia } from './wecom-upload.js';

interface WeComTransportOptions extends TransportTuning {
  settings: WeComSettings;
  logger: Logger;
}

/** A stream reply holds 20,480 bytes of UTF-8: 4,000 characters fit even at four bytes each. */
const MAX_MESSAGE_CHARS = 4000;
const STREAM_WINDOW_MS = 5 * 60_000;
const MAX_CHATS = 10_000;
const MAX_OPEN = 1000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The chat's last message: what a stream reply answers. */
interface LastMessage {
  reqId: string;
  at: number;
  /** A stream already answers it (one per message). */
  taken: boolean;
}

/** An answer's message that is still open: a live stream, or text sent whole when finished. */
type OpenMessage = { kind: 'stream'; reqId: string; streamId: string; since: number } | { kind: 'whole' };

export function createWeComTransport(options: WeComTransportOptions): ChannelTransport {
  const { settings, logger } = options;
  const stopper = new AbortController();
  const windowMs = options.streamWindowMs ?? STREAM_WINDOW_MS;
  const lastMessages = new Map<string, LastMessage>();
  const openMessages = new Map<string, OpenMessage>();
  const cards = createCardRegistry();
  let onMessage: (message: InboundMessage) => void = () => undefined;
  let onAction: (action: InboundAction) => void = () => undefined;
  let onConnected: (() => void) | undefined;

  const socket = new WeComSocket({
    url: settings.wsUrl,
    botId: settings.botId,
    secret: settings.secret,
    logger,
    backoff: createBackoff(options.backoffInitialMs ?? 1000, options.backoffMaxMs ?? 60_000),
    signal: stopper.signal,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.answerTimeoutMs !== undefined ? { answerTimeoutMs: options.answerTimeoutMs } : {}),
    ...(options.replacedDelayMs !== undefined ? { replacedDelayMs: options.replacedDelayMs } : {}),
    onCallback: (frame) => {
      try {
        if (frame.cmd === CMD.message) onMessageFrame(frame);
        else onEventFrame(frame);
      } catch (error) {
        logger.warn({ error: describe(error), cmd: frame.cmd }, 'malformed WeCom callback ignored');
      }
    },
    onConnected: () => onConnected?.(),
  });

  const newId = (prefix: string) => `${prefix}-${randomBytes(9).toString('hex')}`;

  const sendMarkdown = async (chatId: string, text: string) => {
    await socket.request(CMD.send, { chatid: chatId, msgtype: 'markdown', markdown: { content: text } });
  };

  const stream = (open: Extract<OpenMessage, { kind: 'stream' }>, text: string, finish: boolean) =>
    socket.request(
      CMD.respond,
      { msgtype: 'stream', stream: { id: open.streamId, finish, content: text } },
      open.reqId,
    );

  function onMessageFrame(frame: WeComFrame): void {
    const message = parseMessage(frame.body);
    setBounded(
      lastMessages,
      message.chatId,
      { reqId: frame.headers.req_id, at: Date.now(), taken: false },
      MAX_CHATS,
    );
    const files = message.media.map((ref, index) =>
      mediaFile(ref, {
        msgid: message.msgid,
        index,
        signal: stopper.signal,
        plainAllowed: settings.plainMediaAllowed,
      }),
    );
    onMessage({
      eventId: message.msgid,
      chatId: message.chatId,
      senderId: message.senderId,
      text: message.text,
      files,
      direct: message.direct,
    });
  }

  function onEventFrame(frame: WeComFrame): void {
    const event = parseEvent(frame.body);
    if (!event.press) {
      logger.debug({ eventtype: event.eventtype }, 'WeCom event ignored');
      return;
    }
    const pressed = cards.press(event.press.taskId, event.press.key, event.senderId, frame.headers.req_id);
    if (!pressed) {
      logger.debug('a press on a WeCom card this box does not know ignored');
      return;
    }
    onAction({
      eventId: `card:${event.msgid}`,
      chatId: pressed.chatId,
      senderId: event.senderId,
      data: pressed.data,
      acknowledge: (text) => acknowledge(event.press?.taskId ?? '', pressed.press, text),
    });
  }

  /**
   * Tells the presser `text` on the card, unless the decision replaces the card for everyone:
   * the core settles an accepted press right after acknowledging it (in the same turn of the
   * event loop), so the notice waits for that turn to end and gives way to the decision.
   */
  function acknowledge(taskId: string, press: Press, text: string): Promise<void> {
    return new Promise((resolve) => {
      setImmediate(() => {
        const update = cards.tell(taskId, press, text);
        if (!update) return resolve();
        socket
          .request(
            CMD.update,
            {
              response_type: 'update_template_card',
              userids: update.userIds,
              template_card: update.card,
            },
            update.reqId,
          )
          .catch((error: unknown) =>
            logger.warn({ error: describe(error) }, 'showing a notice on a WeCom card failed'),
          )
          .finally(resolve);
      });
    });
  }

  /** Opens a stream reply to the chat's last message, if one may still carry it. */
  function openStream(chatId: string): Extract<OpenMessage, { kind: 'stream' }> | undefined {
    const last = lastMessages.get(chatId);
    if (!last || last.taken || Date.now() - last.at > windowMs) return undefined;
    last.taken = true;
    return { kind: 'stream', reqId: last.reqId, streamId: newId('aibox'), since: last.at };
  }

  async function editOpen(chatId: string, id: string, open: OpenMessage, text: string, final: boolean) {
    if (open.kind === 'whole') {
      if (final) {
        await sendMarkdown(chatId, text);
        openMessages.delete(id);
      }
      return;
    }
    const expired = Date.now() - open.since > windowMs;
    try {
      if (expired && !final) {
        // Close the stream where it stands; the whole answer follows when finished.
        openMessages.set(id, { kind: 'whole' });
        await stream(open, text, true);
        return;
      }
      await stream(open, text, final);
      if (final) openMessages.delete(id);
    } catch (error) {
      if (!streamGone(error)) throw error;
      logger.info({ error: describe(error) }, 'the WeCom stream reply expired; the answer is sent whole');
      openMessages.set(id, { kind: 'whole' });
      if (final) await editOpen(chatId, id, { kind: 'whole' }, text, true);
    }
  }

  const transport: ChannelTransport = {
    name: 'wecom',
    maxMessageChars: MAX_MESSAGE_CHARS,
    start(messages, actions, connected) {
      onMessage = messages;
      onAction = actions;
      onConnected = connected;
      socket.start();
    },
    async send(chatId, text) {
      await sendMarkdown(chatId, text);
      return newId('sent');
    },
    async sendOpen(chatId, text) {
      const id = newId('open');
      let open: OpenMessage | undefined = openStream(chatId);
      if (open?.kind === 'stream') {
        const opened = open;
        open = await stream(opened, text, false).then(
          () => opened,
          (error: unknown): OpenMessage => {
            if (streamGone(error)) {
              logger.info(
                { error: describe(error) },
                'the WeCom stream reply expired; the answer is sent whole',
              );
              return { kind: 'whole' };
            }
            // Not shown: the chat's message may still carry the next try.
            const last = lastMessages.get(chatId);
            if (last?.reqId === opened.reqId) last.taken = false;
            throw error;
          },
        );
      }
      setBounded(openMessages, id, open ?? { kind: 'whole' }, MAX_OPEN);
      return id;
    },
    // A message sent whole cannot be changed: the core posts a decided request anew (the outbox).
    editable: (messageId) => openMessages.has(messageId),
    async edit(chatId, messageId, text, final = false) {
      const open = openMessages.get(messageId);
      if (!open) throw new Error(`WeCom cannot edit a message sent whole (${messageId.slice(0, 64)})`);
      return editOpen(chatId, messageId, open, text, final);
    },
    /** Uploaded over the long connection (wecom-upload.ts), then an active send naming its media_id. */
    async sendFile(chatId, file) {
      const mediaId = await uploadMedia(socket, file);
      const id = newId('media');
      await socket.request(CMD.send, {
        chatid: chatId,
        msgtype: file.kind,
        [file.kind]: { media_id: mediaId },
      });
      return id;
    },
    async sendWithButtons(chatId, text, buttons) {
      const { taskId, card } = cards.create(chatId, text, buttons);
      try {
        await sendMarkdown(chatId, text);
        await socket.request(CMD.send, { chatid: chatId, msgtype: 'template_card', template_card: card });
      } catch (error) {
        cards.forget(taskId);
        throw error;
      }
      return taskId;
    },
    // Throws when the card cannot be updated (unknown, or the update failed): the core then posts
    // the decision through the outbox, which retries.
    async settleButtons(_chatId, messageId, text) {
      const update = cards.settle(messageId, text);
      if (!update) throw new Error(`WeCom has no card ${messageId.slice(0, 64)} to update`);
      await socket.request(
        CMD.update,
        { response_type: 'update_template_card', template_card: update.card },
        update.reqId,
      );
    },
    async stop() {
      stopper.abort();
    },
  };
  return transport;
}
