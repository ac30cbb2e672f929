/**
 * Connects one channel transport to Aibox's sessions: each inbound message is
 * deduplicated, checked against the allowed senders (or taken as a pairing code), run as
 * a slash command or queued as a turn, and the turn's answer streamed back into the chat.
 * Nothing from a sender who is not allowed reaches a session or the model.
 */
import type { AppServices } from '../app/services.js';
import type { CommandRegistry } from '../commands/registry.js';
import { describeError, isAppError } from '../errors.js';
import type { Session, SessionEvent } from '../session/types.js';
import { workspaceDir } from '../tools/workspace.js';
import { channelMessages } from './messages.js';
import { createRecentIds } from './recent-ids.js';
import { saveChatFile } from './save-chat-files.js';
import type { SenderStore } from './sender-store.js';
import { splitText } from './split-text.js';
import { StreamingReply } from './streaming-reply.js';
import type { ChannelTransport, InboundMessage } from './types.js';

export interface ChatBridgeOptions {
  app: AppServices;
  commands: CommandRegistry;
  transport: ChannelTransport;
  /** Sender ids allowed by config (as strings). */
  allowedIds: () => readonly string[];
  senders: SenderStore;
}

/** Redelivered events and refused chats remembered (bounded). */
const RECENT_EVENTS = 2000;
const REFUSED_CHATS = 10_000;

export interface ChatBridge {
  handle(message: InboundMessage): Promise<void>;
  /** Sends a whole text (split at the vendor's limit) to a chat. */
  post(chatId: string, text: string): Promise<void>;
}

export function createChatBridge(options: ChatBridgeOptions): ChatBridge {
  const { app, transport } = options;
  const t = channelMessages(app.lang);
  const logger = app.logger.child({ module: 'channels', channel: transport.name });
  const recent = createRecentIds(RECENT_EVENTS);
  const refusedChats = createRecentIds(REFUSED_CHATS);

  const post = async (chatId: string, text: string) => {
    for (const piece of splitText(text, transport.maxMessageChars)) await transport.send(chatId, piece);
  };

  const isAllowed = (senderId: string) =>
    options.allowedIds().includes(senderId) || options.senders.isPaired(transport.name, senderId);

  const sessionFor = (chatId: string): Session =>
    app.sessions.get(app.config.channels.session === 'main' ? 'main' : `${transport.name}-${chatId}`);

  async function refuseOrPair(message: InboundMessage): Promise<void> {
    if (options.senders.redeem(transport.name, message.senderId, message.text)) {
      logger.info({ sender: message.senderId }, 'sender paired');
      await post(message.chatId, t.paired);
      return;
    }
    logger.info({ sender: message.senderId }, 'message from a sender who is not allowed');
    if (refusedChats.firstSeen(message.chatId)) await post(message.chatId, t.refusal(message.senderId));
  }

  async function runCommand(message: InboundMessage, line: string): Promise<void> {
    // Telegram groups address commands as `/new@some_bot`.
    const cleaned = line.replace(/^(\/[^\s@]+)@\S+/, '$1');
    if (/^\/start\b/i.test(cleaned)) return post(message.chatId, t.welcome);
    const session = sessionFor(message.chatId);
    const result = await options.commands.run(cleaned, { services: app, session, lang: app.lang });
    await post(message.chatId, result.content);
  }

  async function withFiles(message: InboundMessage): Promise<string> {
    if (message.files.length === 0) return message.text;
    const saved: string[] = [];
    const workspace = workspaceDir(app.config, app.paths);
    for (const file of message.files) {
      try {
        saved.push(await saveChatFile(file, workspace, app.config.channels.max_file_bytes, app.clock.now()));
      } catch (error) {
        await post(message.chatId, t.fileFailed(file.name, describeError(error)));
      }
    }
    const note = saved.length > 0 ? t.filesSaved(saved.join(', ')) : '';
    return [message.text, note].filter(Boolean).join('\n\n');
  }

  async function runTurn(message: InboundMessage, content: string): Promise<void> {
    const session = sessionFor(message.chatId);
    const reply = new StreamingReply({
      transport,
      chatId: message.chatId,
      intervalMs: app.config.channels.stream_interval_ms,
      logger,
    });
    let turnId: string | undefined;
    let settle!: () => void;
    const ended = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const early: SessionEvent[] = [];
    const onEvent = (event: SessionEvent) => {
      if (turnId === undefined) {
        early.push(event); // events of our turn may come before enqueue returns its id
        return;
      }
      if (!('turnId' in event) || event.turnId !== turnId) return;
      if (event.type === 'text_delta') reply.append(event.text);
      else if (event.type === 'tool_start') reply.breakParagraph();
      else if (event.type === 'turn_end') void reply.finish(reply.streamed ? '' : event.content).then(settle);
      else if (event.type === 'error') {
        const note = event.code === 'aborted' ? t.aborted : t.failed(event.message);
        void reply.finish(note).then(settle);
      }
    };
    const unsubscribe = session.subscribe(onEvent);
    try {
      const queued = session.enqueue({ content, source: 'user' });
      turnId = queued.turnId;
      for (const event of early.splice(0)) onEvent(event);
      if (queued.position > 0) await post(message.chatId, t.queued(queued.position));
      await ended;
    } finally {
      unsubscribe();
    }
  }

  return {
    post,
    async handle(message) {
      if (!recent.firstSeen(message.eventId)) {
        logger.debug({ event: message.eventId }, 'redelivered event ignored');
        return;
      }
      try {
        if (!isAllowed(message.senderId)) return await refuseOrPair(message);
        const text = message.text.trim();
        if (text.startsWith('/') && message.files.length === 0) return await runCommand(message, text);
        const content = await withFiles(message);
        if (content.trim() === '') return;
        await runTurn(message, content);
      } catch (error) {
        if (isAppError(error, 'queue_full') || isAppError(error, 'too_many_sessions')) {
          await post(message.chatId, t.busy(error.message)).catch(() => undefined);
          return;
        }
        logger.error({ err: error }, 'handling a chat message failed');
      }
    },
  };
}
