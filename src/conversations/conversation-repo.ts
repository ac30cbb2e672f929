/** The `conversations` table. Every write is one statement or one transaction. */
import type { Database } from 'better-sqlite3';
import type { ConversationListItem, ConversationRecord, ConversationStatus } from './types.js';

interface ConversationRow {
  id: string;
  session_id: string;
  started_at: string;
  ended_at: string | null;
  archived_at: string | null;
  topic: string;
  status: ConversationStatus;
  message_count?: number;
}

function fromRow(row: ConversationRow): ConversationRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    archivedAt: row.archived_at,
    topic: row.topic,
    status: row.status,
  };
}

interface ListConversationsOptions {
  sessionId?: string;
  /** Newest first; default 20. */
  limit?: number;
  /** Default true: archived conversations are listed too. */
  includeArchived?: boolean;
}

export interface ConversationRepo {
  create(record: { id: string; sessionId: string; startedAt: string; topic: string }): ConversationRecord;
  get(id: string): ConversationRecord | undefined;
  /** The session's latest conversation that is not archived (active or ended), if any. */
  current(sessionId: string): ConversationRecord | undefined;
  markEnded(id: string, at: string): void;
  markArchived(id: string, at: string): void;
  list(options?: ListConversationsOptions): ConversationListItem[];
}

export function createConversationRepo(db: Database): ConversationRepo {
  const insert = db.prepare(
    `INSERT INTO conversations (id, session_id, started_at, topic, status) VALUES (?, ?, ?, ?, 'active')`,
  );
  const byId = db.prepare('SELECT * FROM conversations WHERE id = ?');
  const currentOf = db.prepare(
    `SELECT * FROM conversations WHERE session_id = ? AND status != 'archived'
     ORDER BY rowid DESC LIMIT 1`,
  );
  const ended = db.prepare(
    `UPDATE conversations SET status = 'ended', ended_at = COALESCE(ended_at, ?) WHERE id = ? AND status = 'active'`,
  );
  const archived = db.prepare(
    `UPDATE conversations SET status = 'archived', archived_at = ?, ended_at = COALESCE(ended_at, ?) WHERE id = ?`,
  );

  return {
    create({ id, sessionId, startedAt, topic }) {
      insert.run(id, sessionId, startedAt, topic);
      return { id, sessionId, startedAt, endedAt: null, archivedAt: null, topic, status: 'active' };
    },
    get(id) {
      const row = byId.get(id) as ConversationRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    current(sessionId) {
      const row = currentOf.get(sessionId) as ConversationRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    markEnded(id, at) {
      ended.run(at, id);
    },
    markArchived(id, at) {
      archived.run(at, at, id);
    },
    list(options = {}) {
      return listConversations(db, options);
    },
  };
}

/** Conversations newest first, with their message counts (for `/list`). */
export function listConversations(
  db: Database,
  options: ListConversationsOptions = {},
): ConversationListItem[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.sessionId !== undefined) {
    where.push('c.session_id = ?');
    params.push(options.sessionId);
  }
  if (options.includeArchived === false) where.push(`c.status != 'archived'`);
  const sql = `SELECT c.*, (SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id AND m.kind = 'message') AS message_count
    FROM conversations c ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY c.rowid DESC LIMIT ?`;
  const rows = db.prepare(sql).all(...params, options.limit ?? 20) as ConversationRow[];
  return rows.map((row) => ({ ...fromRow(row), messageCount: row.message_count ?? 0 }));
}
