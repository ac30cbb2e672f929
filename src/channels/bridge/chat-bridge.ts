/**
 * Connects one channel transport to Aibox's sessions: each inbound message is
 * deduplicated, checked against the allowed senders (or taken as a pairing code), run as
 * a slash command or queued as a turn, and the turn's answer streamed back into the chat.
 * Nothing from a sender who is not allowed reaches a session or the model.
 */

import { readFile } from 'node:fs/promises';
import type { AppServices } from '../../app/services.js';
import type { AllowedSenders } from '../../chats/allowed-senders.js';
import { chatSessionId } from '../../chats/chat-target.js';
import type { SenderStore } from '../../chats/sender-store.js';
import { workspaceDir } from '../../config/workspace-dir.js';
import type { StoredAttachment } from '../../conversations/types.js';
import { describeError, isAppError } from '../../errors.js';
import { type Lang, langOfText } from '../../i18n/lang.js';
import { sniffMedia } from '../../media/media-kind.js';
import { cleanTranscript } from '../../media/voice/clean-transcript.js';
import type { Session } from '../../session/types.js';
import type { CommandRegistry } from '../../slash-commands/registry.js';
import { setBounded } from '../../util/bounded-map.js';
import { createChatGate } from '../access/chat-gate.js';
import { type ChatApprovals, createChatApprovals } from '../approvals/chat-approvals.js';
import { FileTypeRefusedError } from '../file-type-refused.js';
import { type ChannelMessages, channelMessages } from '../messages.js';
import { createChatOutbox } from '../outbox/chat-outbox.js';
import type { OutboxStore } from '../outbox/outbox-store.js';
import { FileTooLargeError } from '../read-limited.js';
import type { ChannelTransport, InboundAction, InboundMessage } from '../types.js';
import { type ChatTurnDeps, streamChatTurn } from './chat-turn.js';
import { createChatVoice } from './chat-voice.js';
import { safeFileName, saveChatFile } from './save-chat-files.js';
import { splitText } from './split-text.js';
import { createSpokenReplies } from './spoken-reply.js';

interface ChatBridgeOptions {
  app: AppServices;
  commands: CommandRegistry;
  transport: ChannelTransport;
  /** Who may use the box (the same check as for notify targets). */
  allowed: AllowedSenders;
  /** Pairing codes and the chats allowed senders use. */
  senders: SenderStore;
  /** Where messages wait while the vendor is unreachable (shared by every channel). */
  outbox: OutboxStore;
  /** Where keys named in the config are read (`media.transcription.api_key_env`). */
  env?: NodeJS.ProcessEnv;
}

/** Chats' languages remembered (bounded). */
const CHAT_LANGS = 10_000;

export interface ChatBridge {
  handle(message: InboundMessage): Promise<void>;
  /** A button press: an approval answer from an allowed sender of that chat. */
  handleAction(action: InboundAction): Promise<void>;
  /**
   * Sends a whole text (split at the vendor's limit) to a chat; what the vendor cannot take
   * now because it is unreachable is kept and re-posted later (chat-outbox.ts).
   */
  post(chatId: string, text: string): Promise<void>;
  /** The transport (re)connected: re-post what waits in the outbox. */
  connected(): void;
  /** Stops the outbox's timer (what waits stays for the next start). */
  close(): void;
  /** The language the chat last wrote in (the server's language until it has written). */
  langOf(chatId: string): Lang;
  /** Lets the chat answer a session's approval requests for a while (ChatApprovals.askIn). */
  askIn: ChatApprovals['askIn'];
}

export function createChatBridge(options: ChatBridgeOptions): ChatBridge {
  const { app, transport } = options;
  const logger = app.logger.child({ module: 'channels', channel: transport.name });

  const outbox = createChatOutbox({
    transport,
    store: options.outbox,
    logger,
    droppedNote: (chatId, count) => channelMessages(langOf(chatId)).outboxDropped(count),
  });
  const post = (chatId: string, text: string) => outbox.post(chatId, text);
  const voice = createChatVoice({ app, env: options.env ?? process.env, logger, post });
  const spoken = createSpokenReplies({ app, transport, env: options.env ?? process.env, logger });
  /** Sends now or never: what is stale after a downtime (a refusal to a stranger). */
  const say = async (chatId: string, text: string) => {
    for (const piece of splitText(text, transport.maxMessageChars)) await transport.send(chatId, piece);
  };

  const gate = createChatGate({
    channel: transport.name,
    allowed: options.allowed,
    senders: options.senders,
    strangers: app.config.channels.strangers,
    logger,
    say,
    post,
  });

  const sessionIdFor = (chatId: string) =>
    app.config.channels.session === 'main' ? 'main' : chatSessionId({ channel: transport.name, chatId });
  const sessionFor = (chatId: string): Session => app.sessions.get(sessionIdFor(chatId));

  const chatLangs = new Map<string, Lang>();
  const langOf = (chatId: string): Lang => chatLangs.get(chatId) ?? app.lang;
  /** The language of this message, or of the chat so far when the message does not tell. */
  const langOfMessage = (message: InboundMessage): Lang =>
    // A command's name is English whatever the sender speaks: only its arguments tell.
    langOfText(message.text.replace(/^\/\S+/, '')) ?? langOf(message.chatId);
  /** Remembered for what the chat is told later; only an allowed sender's message sets it. */
  const rememberLang = (chatId: string, lang: Lang) => setBounded(chatLangs, chatId, lang, CHAT_LANGS);

  const approvals = createChatApprovals({
    transport,
    approvals: app.approvals,
    logger,
    langOf,
    sessionIdFor,
    post,
  });
  const { askIn } = approvals;

  async function runCommand(message: InboundMessage, line: string, t: ChannelMessages): Promise<void> {
    // Telegram groups address commands as `/new@some_bot`.
    const cleaned = line.replace(/^(\/[^\s@]+)@\S+/, '$1');
    if (/^\/start\b/i.test(cleaned)) return post(message.chatId, t.welcome);
    const session = sessionFor(message.chatId);
    const lang = langOf(message.chatId);
    const result = await options.commands.run(cleaned, { session, lang });
    if (result.file) return sendChatFile(message.chatId, result.file, result.content, t);
    await post(message.chatId, result.content);
  }

  /**
   * A file `/file` offered: sent with the vendor's upload when the transport takes its kind (a
   * picture by its bytes, else a file), else, or when sending fails, the chat is told where it is.
   */
  async function sendChatFile(
    chatId: string,
    file: { path: string; name: string; shown: string },
    where: string,
    t: ChannelMessages,
  ): Promise<void> {
    if (!transport.sendFile) return post(chatId, t.fileNotSent(where, t.noFileSending));
    let why: string;
    try {
      const data = await readFile(file.path);
      if (data.byteLength > app.config.channels.max_file_bytes)
        throw new FileTooLargeError(app.config.channels.max_file_bytes);
      const kind = sniffMedia(data).kind === 'image' ? 'image' : 'file';
      if (!(transport.fileKinds ?? ['image', 'file']).includes(kind))
        return post(chatId, t.fileNotSent(where, t.noFileSending));
      await transport.sendFile(chatId, { name: safeFileName(file.name), data, kind });
      return;
    } catch (error) {
      why = fileNotSentWhy(error, t);
      logger.warn({ err: error, chat: chatId }, 'sending a file to a chat failed');
    }
    await post(chatId, t.fileNotSent(where, why));
  }

  /**
   * The turn's text: the message's, each voice note's transcript (chat-voice.ts), the other files
   * named; and what is stored with it (pictures by hash, media/media-services.ts).
   */
  async function withFiles(
    message: InboundMessage,
    t: ChannelMessages,
    lang: Lang,
  ): Promise<{ content: string; voice: boolean; attachments: StoredAttachment[] }> {
    if (message.files.length === 0) return { content: message.text, voice: false, attachments: [] };
    const saved: string[] = [];
    const heard: string[] = [];
    const attachments: StoredAttachment[] = [];
    let transcribed = false;
    const workspace = workspaceDir(app.config, app.paths);
    const context = { sessionId: sessionIdFor(message.chatId), lang: langOf(message.chatId) };
    for (const file of message.files) {
      try {
        const kept = await saveChatFile(file, workspace, app.config.channels.max_file_bytes, app.clock.now());
        const transcript = cleanTranscript(file.transcript ?? '');
        const spokenNote = transcript
          ? { text: transcript, transcribed: true }
          : await voice.hear(message.chatId, workspace, kept.path, lang);
        if (spokenNote === undefined) {
          saved.push(kept.path);
          if (sniffMedia(kept.data).kind === 'image') {
            const received = await app.media.receive(
              { data: kept.data, name: file.name, saved: kept.path },
              context,
            );
            attachments.push(received.attachment);
          }
        } else {
          heard.push(spokenNote.text);
          transcribed ||= spokenNote.transcribed;
        }
      } catch (error) {
        const why = error instanceof FileTooLargeError ? t.fileTooBig(error.maxBytes) : describeError(error);
        await post(message.chatId, t.fileFailed(file.name, why));
      }
    }
    const note = saved.length > 0 ? t.filesSaved(saved.join(', ')) : '';
    return {
      content: [message.text, ...heard, note].filter(Boolean).join('\n\n'),
      voice: transcribed,
      attachments,
    };
  }

  /** A voice note's answer is also read aloud (spoken-reply.ts), when there is one. */
  const speakAnswer = (chatId: string) => async (answer: string) => {
    if (answer.trim() !== '') await spoken.speak(chatId, answer);
  };

  const turnDeps: ChatTurnDeps = {
    transport,
    logger,
    timing: () => ({
      streamIntervalMs: app.config.channels.stream_interval_ms,
      thinkingNoticeMs: app.config.channels.thinking_notice_ms,
    }),
    post,
    keep: (chatId, pieces, error) => outbox.keep(chatId, pieces, error),
    askIn,
  };

  return {
    post,
    langOf,
    askIn,
    connected: () => outbox.flush(),
    close: () => outbox.close(),
    async handleAction(action) {
      if (!gate.firstSeen(action.eventId)) return;
      outbox.flush(); // the vendor reached us: it is probably reachable again
      try {
        if (!gate.isAllowed(action.senderId))
          return await gate.refuseAction(action, channelMessages(langOf(action.chatId)));
        await approvals.answerButton(action);
      } catch (error) {
        logger.error({ err: error }, 'handling a chat button failed');
      }
    },
    async handle(message) {
      if (!gate.firstSeen(message.eventId)) {
        logger.debug({ event: message.eventId }, 'redelivered event ignored');
        return;
      }
      outbox.flush(); // the vendor reached us: it is probably reachable again
      const lang = langOfMessage(message);
      const t = channelMessages(lang);
      try {
        // A stranger gets one refusal in their language, and changes nothing the chat is told later.
        if (!gate.isAllowed(message.senderId)) return await gate.refuseOrPair(message, t);
        rememberLang(message.chatId, lang);
        // The same limit as a WebSocket frame: a chat message is hostile input like any other.
        const limit = app.config.server.max_frame_bytes;
        if (Buffer.byteLength(message.text) > limit) return await post(message.chatId, t.tooLong(limit));
        // Where the box may later post a task's result (src/chats/notify-targets.ts): a chat an allowed sender uses.
        options.senders.rememberChat(transport.name, message.chatId, message.senderId, message.direct);
        const text = message.text.trim();
        if (message.files.length === 0 && (await approvals.answerFormReply(message, t))) return;
        const word = approvals.read(message.chatId, message.files.length === 0 ? text : '');
        if (word.kind !== 'none') return await approvals.answerWord(message, word, t);
        if (text.startsWith('/') && message.files.length === 0) return await runCommand(message, text, t);
        const { content, voice: fromVoice, attachments } = await withFiles(message, t, lang);
        if (content.trim() === '' && attachments.length === 0) return;
        await streamChatTurn(turnDeps, {
          chatId: message.chatId,
          session: sessionFor(message.chatId),
          content,
          attachments,
          t,
          ...(fromVoice && spoken.wanted() ? { afterAnswer: speakAnswer(message.chatId) } : {}),
        });
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

/** Why a file was not sent, in the chat's language where Aibox itself refused it. */
function fileNotSentWhy(error: unknown, t: ChannelMessages): string {
  if (error instanceof FileTooLargeError)
    return error.vendor ? t.fileTooBigFor(error.vendor, error.maxBytes) : t.fileTooBig(error.maxBytes);
  if (error instanceof FileTypeRefusedError) return t.fileTypeRefused(error.vendor, error.types.join(', '));
  return describeError(error);
}
