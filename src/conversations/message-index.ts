/**
 * Search over past conversations (`message_index`, migration 13): the text of user and assistant
 * messages, indexed with the memories' search terms (Chinese bigrams), each hit with its session
 * and time. Messages are indexed as they are stored (`indexMessage`, called by the message repo);
 * those older than the index are filled in by `backfill`, one bounded batch per call, newest
 * first, resumable (the table `message_index_backfill` says how far down it got).
 */
import type { Database } from 'better-sqlite3';
import { RANK_WINDOW, rankWindow } from '../store/fts-rank-window.js';
import { indexText, matchExpression, snippetFor } from '../store/fts-terms.js';

/** Characters of a message that are indexed: a long answer's start says what it was about. */
export const MAX_INDEXED_CHARS = 8000;
const BACKFILL_BATCH = 500;

export interface ConversationHit {
  messageId: number;
  conversationId: string;
  sessionId: string;
  role: 'user' | 'assistant';
  /** ISO 8601 with offset. */
  createdAt: string;
  snippet: string;
}

export interface MessageIndex {
  /** Indexes one stored message when it is a user or assistant message with text. */
  indexMessage(message: { id: number; role: string; kind: string; content: string | null }): void;
  /** Best matches first; `sessionId` keeps only that session's conversations. */
  search(query: string, options?: { limit?: number; sessionId?: string }): ConversationHit[];
  /** Indexes one batch of older messages; false once none is left. */
  backfill(): boolean;
}

const indexable = (role: string, kind: string, content: string | null): content is string =>
  (role === 'user' || role === 'assistant') && kind === 'message' && !!content?.trim();

export function createMessageIndex(db: Database): MessageIndex {
  const insert = db.prepare('INSERT OR REPLACE INTO message_index (rowid, text) VALUES (?, ?)');
  const below = db.prepare('SELECT below FROM message_index_backfill').pluck();
  const setBelow = db.prepare('UPDATE message_index_backfill SET below = ?');
  const older = db.prepare(
    'SELECT id, role, kind, content FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
  );
  // Every session's: ranked within a recent window of the matches (fts-rank-window.ts).
  const searchAll = db.prepare(`SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, c.session_id
      FROM (SELECT rowid, bm25(message_index) AS rank FROM message_index
        WHERE message_index MATCH ? AND rowid >= CAST(? AS INTEGER) ORDER BY rank LIMIT ?) r
      JOIN messages m ON m.id = r.rowid JOIN conversations c ON c.id = m.conversation_id
      ORDER BY r.rank, m.id DESC`);
  const searchSession =
    db.prepare(`SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, c.session_id
      FROM message_index JOIN messages m ON m.id = message_index.rowid
      JOIN conversations c ON c.id = m.conversation_id
      WHERE message_index MATCH ? AND c.session_id = ?
      ORDER BY bm25(message_index), m.id DESC LIMIT ?`);
  const countMatches = db
    .prepare('SELECT count(*) FROM (SELECT rowid FROM message_index WHERE message_index MATCH ? LIMIT ?)')
    .pluck();
  const windowFloor = rankWindow(db, 'message_index', 'messages');
  const put = (id: number, content: string) => insert.run(id, indexText(content.slice(0, MAX_INDEXED_CHARS)));

  const backfillBatch = db.transaction((): boolean => {
    const from = below.get() as number | undefined;
    if (!from || from <= 1) return false;
    const rows = older.all(from, BACKFILL_BATCH) as {
      id: number;
      role: string;
      kind: string;
      content: string | null;
    }[];
    for (const row of rows) if (indexable(row.role, row.kind, row.content)) put(row.id, row.content);
    const lowest = rows.at(-1)?.id ?? 1;
    setBelow.run(rows.length < BACKFILL_BATCH ? 1 : lowest);
    return rows.length === BACKFILL_BATCH;
  });

  return {
    indexMessage({ id, role, kind, content }) {
      if (indexable(role, kind, content)) put(id, content);
    },
    search(query, options = {}) {
      const match = matchExpression(query);
      if (!match) return [];
      const limit = Math.min(50, Math.max(1, options.limit ?? 10));
      const rows = (
        options.sessionId === undefined
          ? searchAll.all(
              match.expression,
              (countMatches.get(match.expression, RANK_WINDOW + 1) as number) > RANK_WINDOW
                ? windowFloor(match.expression)
                : 0,
              limit,
            )
          : searchSession.all(match.expression, options.sessionId, limit)
      ) as {
        id: number;
        conversation_id: string;
        role: 'user' | 'assistant';
        content: string;
        created_at: string;
        session_id: string;
      }[];
      return rows.map((row) => ({
        messageId: row.id,
        conversationId: row.conversation_id,
        sessionId: row.session_id,
        role: row.role,
        createdAt: row.created_at,
        snippet: snippetFor(row.content, match.keywords, 160),
      }));
    },
    backfill: () => backfillBatch.immediate(),
  };
}
