/** Rows of the `conversations` and `messages` tables (see store/migrations/001-conversations.ts). */
import type { ToolCall } from '../providers/types.js';

export type ConversationStatus = 'active' | 'ended' | 'archived';

export interface ConversationRecord {
  id: string;
  sessionId: string;
  /** ISO 8601 with offset. */
  startedAt: string;
  /** Set when the model ended the conversation (or when it was archived). */
  endedAt: string | null;
  archivedAt: string | null;
  /** The start of the first user message. */
  topic: string;
  status: ConversationStatus;
}

export interface ConversationListItem extends ConversationRecord {
  /** Transcript messages (user, assistant, tool), summaries not counted. */
  messageCount: number;
}

/**
 * A reference to what came with a message (stored as JSON in `messages.attachments`): a picture by
 * its content hash in the picture store (`media/pictures/`), a file by where it was saved in the
 * workspace. Never the bytes, so history stays small.
 */
export type StoredAttachment =
  | {
      kind: 'image';
      /** sha256 (hex) of the stored JPEG: its name in the picture store. */
      id: string;
      name: string;
      width: number;
      height: number;
      bytes: number;
      /** Where the file as received was also saved (relative to the workspace), when it was. */
      saved?: string;
    }
  | { kind: 'audio' | 'file'; name: string; bytes: number; saved?: string };

export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';
/** `summary`: a compression summary that stands in for the rows compressed into it. */
export type MessageKind = 'message' | 'summary';

export interface NewMessage {
  role: MessageRole;
  kind?: MessageKind;
  content: string | null;
  toolCalls?: ToolCall[] | null;
  toolCallId?: string | null;
  toolName?: string | null;
  reasoning?: string | null;
  turnId?: string | null;
  attachments?: StoredAttachment[] | null;
  /** The kinds of outside text it carries (a tool result's `ToolResult.untrusted`); absent: none. */
  untrusted?: readonly string[] | null;
  /** ISO 8601 with offset. */
  createdAt: string;
}

export interface StoredMessage {
  id: number;
  conversationId: string;
  /** 1, 2, 3 … in the order the messages happened. */
  seq: number;
  role: MessageRole;
  kind: MessageKind;
  content: string | null;
  toolCalls: ToolCall[] | null;
  toolCallId: string | null;
  toolName: string | null;
  reasoning: string | null;
  turnId: string | null;
  /** Null for messages without any (and every message stored before migration 14). */
  attachments: StoredAttachment[] | null;
  /** The kinds of outside text it carries, sorted (a summary: those of the rows it replaced); empty: none. */
  untrusted: string[];
  createdAt: string;
  /** Id of the summary row that replaced this one for the model; null while it is sent as is. */
  compressedInto: number | null;
}
