/**
 * One session's conversation on disk: which conversation is current (resumed
 * from SQLite after a restart), appending messages as they happen, the
 * transcript for `history`, ending and archiving.
 */

import { archiveConversation } from '../conversations/archive.js';
import { fromChatMessage, type MessageMeta } from '../conversations/chat-mapping.js';
import type { ConversationRepo } from '../conversations/conversation-repo.js';
import type { MessageRepo } from '../conversations/message-repo.js';
import type { ConversationRecord, StoredAttachment, StoredMessage } from '../conversations/types.js';
import type { Logger } from '../log/logger.js';
import type { ChatMessage } from '../providers/types.js';
import { type Clock, isoWithOffset } from '../util/clock.js';
import type { IdGenerator } from '../util/ids.js';
import type { TranscriptEntry } from './types.js';

interface ConversationLogDeps {
  sessionId: string;
  conversations: ConversationRepo;
  messages: MessageRepo;
  archiveDir: string;
  clock: Clock;
  ids: IdGenerator;
  logger: Pick<Logger, 'info' | 'warn'>;
}

const TOPIC_CHARS = 50;

function topicOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length <= TOPIC_CHARS ? flat : `${flat.slice(0, TOPIC_CHARS)}…`;
}

function toTranscriptEntry(row: StoredMessage): TranscriptEntry {
  const entry: TranscriptEntry = {
    role: row.role as TranscriptEntry['role'],
    content: row.content ?? '',
    at: row.createdAt,
  };
  if (row.turnId) entry.turnId = row.turnId;
  if (row.reasoning) entry.reasoning = row.reasoning;
  if (row.toolCalls && row.toolCalls.length > 0) {
    entry.toolCalls = row.toolCalls.map((c) => ({
      id: c.id,
      name: c.function.name,
      args: c.function.arguments,
    }));
  }
  if (row.toolCallId) entry.callId = row.toolCallId;
  if (row.toolName) entry.name = row.toolName;
  if (row.attachments) entry.attachments = row.attachments;
  return entry;
}

export class ConversationLog {
  private conversation: ConversationRecord | undefined;

  constructor(private readonly deps: ConversationLogDeps) {
    this.conversation = deps.conversations.current(deps.sessionId);
  }

  get current(): ConversationRecord | undefined {
    return this.conversation;
  }

  now(): string {
    return isoWithOffset(this.deps.clock.now());
  }

  /** The conversation the next message goes into: the current one, or a new one (an ended one is archived first). */
  async ensureActive(firstMessage: string): Promise<ConversationRecord> {
    // Re-read: another process (`aibox ask --session main` next to the server) may have archived it.
    this.conversation = this.deps.conversations.current(this.deps.sessionId);
    if (this.conversation?.status === 'active') return this.conversation;
    if (this.conversation) await this.archive();
    this.conversation = this.deps.conversations.create({
      id: this.deps.ids('conv'),
      sessionId: this.deps.sessionId,
      startedAt: this.now(),
      topic: topicOf(firstMessage),
    });
    return this.conversation;
  }

  append(
    message: ChatMessage,
    meta: Omit<MessageMeta, 'createdAt'>,
    attachments?: readonly StoredAttachment[],
  ): StoredMessage {
    const conversation = this.conversation;
    if (!conversation) throw new Error('no conversation to append to');
    const row = fromChatMessage(message, { ...meta, createdAt: this.now() });
    return this.deps.messages.append(
      conversation.id,
      attachments && attachments.length > 0 ? { ...row, attachments: [...attachments] } : row,
    );
  }

  /** Rows sent to the model: a summary (if any) first, then uncompressed messages. */
  live(): StoredMessage[] {
    return this.conversation ? this.deps.messages.live(this.conversation.id) : [];
  }

  history(limit: number): TranscriptEntry[] {
    if (!this.conversation || limit <= 0) return [];
    return this.deps.messages.recentTranscript(this.conversation.id, limit).map(toTranscriptEntry);
  }

  /** The model ended the conversation: the next message starts a new one. */
  markEnded(): void {
    if (this.conversation?.status !== 'active') return;
    const at = this.now();
    this.deps.conversations.markEnded(this.conversation.id, at);
    this.conversation = { ...this.conversation, status: 'ended', endedAt: at };
  }

  /** Archives the current conversation (SQLite + JSON export); afterwards there is none. */
  async archive(): Promise<void> {
    const conversation = this.deps.conversations.current(this.deps.sessionId);
    if (!conversation) return;
    this.conversation = undefined;
    const result = await archiveConversation(
      {
        conversations: this.deps.conversations,
        messages: this.deps.messages,
        archiveDir: this.deps.archiveDir,
        clock: this.deps.clock,
      },
      conversation.id,
    );
    if (result?.exportError) {
      this.deps.logger.warn(
        { err: result.exportError, conversation: conversation.id },
        'archive export failed; the conversation stays in SQLite',
      );
    } else if (result?.file) {
      this.deps.logger.info({ conversation: conversation.id, file: result.file }, 'conversation archived');
    }
  }
}
