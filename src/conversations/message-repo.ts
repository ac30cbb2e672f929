/** The `messages` table: one row per history message, appended as it happens. */

import type { Database } from 'better-sqlite3';
import type { ToolCall } from '../providers/types.js';
import { decodeNames, encodeNames, unionNames } from '../store/name-set.js';
import { createMessageIndex } from './message-index.js';
import type { MessageKind, MessageRole, NewMessage, StoredAttachment, StoredMessage } from './types.js';

interface MessageRow {
  id: number;
  conversation_id: string;
  seq: number;
  role: MessageRole;
  kind: MessageKind;
  content: string | null;
  tool_calls: string | null;
  tool_call_id: string | null;
  tool_name: string | null;
  reasoning: string | null;
  turn_id: string | null;
  attachments: string | null;
  untrusted: string | null;
  created_at: string;
  compressed_into: number | null;
}

function parseToolCalls(text: string | null): ToolCall[] | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as ToolCall[]) : null;
  } catch {
    return null;
  }
}

/** A damaged or foreign value reads as none: the message's text is still there. */
function parseAttachments(text: string | null): StoredAttachment[] | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) && value.length > 0 ? (value as StoredAttachment[]) : null;
  } catch {
    return null;
  }
}

function fromRow(row: MessageRow): StoredMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    seq: row.seq,
    role: row.role,
    kind: row.kind,
    content: row.content,
    toolCalls: parseToolCalls(row.tool_calls),
    toolCallId: row.tool_call_id,
    toolName: row.tool_name,
    reasoning: row.reasoning,
    turnId: row.turn_id,
    attachments: parseAttachments(row.attachments),
    untrusted: decodeNames(row.untrusted),
    createdAt: row.created_at,
    compressedInto: row.compressed_into,
  };
}

export interface MessageRepo {
  /** Appends one message (its own transaction) and returns it with its id and seq. */
  append(conversationId: string, message: NewMessage): StoredMessage;
  /** What the model is sent: rows not compressed away, summary first, then in seq order. */
  live(conversationId: string): StoredMessage[];
  /** Every row, in seq order (the full transcript, for archives). */
  all(conversationId: string): StoredMessage[];
  /** The last `limit` transcript rows (user, assistant, tool; no summaries), in seq order. */
  recentTranscript(conversationId: string, limit: number): StoredMessage[];
  /**
   * In one transaction: stores `summary` (kind `summary`, with every `untrusted` kind of the rows
   * it replaces) and marks the rows `replacedIds` as compressed into it.
   */
  compress(conversationId: string, replacedIds: number[], summary: NewMessage): StoredMessage;
}

/** `stored` runs after each committed append (it wakes the conversation embedder). */
export function createMessageRepo(db: Database, stored: () => void = () => undefined): MessageRepo {
  // Stored and indexed in one transaction: a message is searchable once it is saved.
  const index = createMessageIndex(db);
  const sessionOf = db.prepare('SELECT session_id FROM conversations WHERE id = ?').pluck();
  const nextSeq = db.prepare(
    'SELECT COALESCE(MAX(seq), 0) + 1 AS seq FROM messages WHERE conversation_id = ?',
  );
  const insert = db.prepare(
    `INSERT INTO messages (conversation_id, seq, role, kind, content, tool_calls, tool_call_id, tool_name, reasoning, turn_id, attachments, untrusted, created_at)
     VALUES (@conversation_id, @seq, @role, @kind, @content, @tool_calls, @tool_call_id, @tool_name, @reasoning, @turn_id, @attachments, @untrusted, @created_at)`,
  );
  const liveRows = db.prepare(
    `SELECT * FROM messages WHERE conversation_id = ? AND compressed_into IS NULL
     ORDER BY CASE kind WHEN 'summary' THEN 0 ELSE 1 END, seq`,
  );
  const allRows = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq');
  const recentRows = db.prepare(
    `SELECT * FROM (SELECT * FROM messages WHERE conversation_id = ? AND kind = 'message' ORDER BY seq DESC LIMIT ?)
     ORDER BY seq`,
  );
  const markCompressed = db.prepare(
    'UPDATE messages SET compressed_into = ? WHERE id = ? AND conversation_id = ? AND compressed_into IS NULL',
  );

  const appendTx = db.transaction((conversationId: string, message: NewMessage): StoredMessage => {
    const { seq } = nextSeq.get(conversationId) as { seq: number };
    const toolCalls = message.toolCalls && message.toolCalls.length > 0 ? message.toolCalls : null;
    const attachments = message.attachments && message.attachments.length > 0 ? message.attachments : null;
    const values = {
      conversation_id: conversationId,
      seq,
      role: message.role,
      kind: message.kind ?? 'message',
      content: message.content,
      tool_calls: toolCalls ? JSON.stringify(toolCalls) : null,
      tool_call_id: message.toolCallId ?? null,
      tool_name: message.toolName ?? null,
      reasoning: message.reasoning ?? null,
      turn_id: message.turnId ?? null,
      attachments: attachments ? JSON.stringify(attachments) : null,
      untrusted: encodeNames(message.untrusted),
      created_at: message.createdAt,
    };
    const info = insert.run(values);
    index.indexMessage({
      id: Number(info.lastInsertRowid),
      // The insert checked the conversation exists (foreign key).
      sessionId: sessionOf.get(conversationId) as string,
      role: values.role,
      kind: values.kind,
      content: values.content,
    });
    // Built from what was written (no read back): this runs for every message of every turn.
    return {
      ...fromRow({ ...values, id: Number(info.lastInsertRowid), compressed_into: null }),
      toolCalls,
      attachments,
    };
  });

  const untrustedOf = db
    .prepare('SELECT untrusted FROM messages WHERE id = ? AND conversation_id = ?')
    .pluck();
  const compressTx = db.transaction((conversationId: string, ids: number[], summary: NewMessage) => {
    // A summary says what its rows said: the outside text they carried stays on record.
    const untrusted = unionNames(
      summary.untrusted,
      ...ids.map((id) => decodeNames(untrustedOf.get(id, conversationId) as string | null)),
    );
    const stored = appendTx(conversationId, { ...summary, kind: 'summary', untrusted });
    for (const id of ids) markCompressed.run(stored.id, id, conversationId);
    return stored;
  });

  return {
    append(conversationId, message) {
      const appended = appendTx.immediate(conversationId, message);
      stored();
      return appended;
    },
    live: (conversationId) => (liveRows.all(conversationId) as MessageRow[]).map(fromRow),
    all: (conversationId) => (allRows.all(conversationId) as MessageRow[]).map(fromRow),
    recentTranscript: (conversationId, limit) =>
      (recentRows.all(conversationId, Math.max(0, limit)) as MessageRow[]).map(fromRow),
    compress: (conversationId, ids, summary) => compressTx.immediate(conversationId, ids, summary),
  };
}
