/**
 * Search over past conversations (`message_index`, migrations 13 and 18): the text of user and
 * assistant messages, indexed with the memories' search terms (Chinese bigrams), and one term
 * naming the message's session (column `session`), each hit with its session and time. A
 * session's search is the FTS5 intersection of the query with that term, ranked like every
 * session's within a recent window of its matches (fts-rank-window.ts), so it never walks the
 * other sessions' matches. Messages are indexed as they are stored (`indexMessage`, called by the
 * message repo); those older than the index are filled in by `backfill`, one bounded batch per
 * call, newest first, resumable (the table `message_index_backfill` says how far down it got).
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
  indexMessage(message: {
    id: number;
    sessionId: string;
    role: string;
    kind: string;
    content: string | null;
  }): void;
  /** Best matches first; `sessionId` keeps only that session's conversations. */
  search(query: string, options?: { limit?: number; sessionId?: string }): ConversationHit[];
  /** Indexes one batch of older messages; false once none is left. */
  backfill(): boolean;
}

/**
 * The `session` column's one term for a session: its id in hex behind an `s`, so any id is one
 * token of the unicode61 tokenizer and no word of a message can be it (queries are kept to the
 * `text` column anyway).
 */
export const sessionTerm = (sessionId: string) => `s${Buffer.from(sessionId, 'utf8').toString('hex')}`;

const indexable = (role: string, kind: string, content: string | null): content is string =>
  (role === 'user' || role === 'assistant') && kind === 'message' && !!content?.trim();

export function createMessageIndex(db: Database): MessageIndex {
  const insert = db.prepare('INSERT OR REPLACE INTO message_index (rowid, text, session) VALUES (?, ?, ?)');
  const below = db.prepare('SELECT below FROM message_index_backfill').pluck();
  const setBelow = db.prepare('UPDATE message_index_backfill SET below = ?');
  const older = db.prepare(
    `SELECT m.id, m.role, m.kind, m.content, c.session_id FROM messages m
     JOIN conversations c ON c.id = m.conversation_id WHERE m.id < ? ORDER BY m.id DESC LIMIT ?`,
  );
  // Ranked within a recent window of the matches (fts-rank-window.ts); the session column weighs
  // nothing in the rank.
  const searchWindow =
    db.prepare(`SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, c.session_id
      FROM (SELECT rowid, bm25(message_index, 1.0, 0.0) AS rank FROM message_index
        WHERE message_index MATCH ? AND rowid >= CAST(? AS INTEGER) ORDER BY rank LIMIT ?) r
      JOIN messages m ON m.id = r.rowid JOIN conversations c ON c.id = m.conversation_id
      ORDER BY r.rank, m.id DESC`);
  const countMatches = db
    .prepare('SELECT count(*) FROM (SELECT rowid FROM message_index WHERE message_index MATCH ? LIMIT ?)')
    .pluck();
  const windowFloor = rankWindow(db, 'message_index', 'messages');
  const put = (id: number, sessionId: string, content: string) =>
    insert.run(id, indexText(content.slice(0, MAX_INDEXED_CHARS)), sessionTerm(sessionId));

  const backfillBatch = db.transaction((): boolean => {
    const from = below.get() as number | undefined;
    if (!from || from <= 1) return false;
    const rows = older.all(from, BACKFILL_BATCH) as {
      id: number;
      role: string;
      kind: string;
      content: string | null;
      session_id: string;
    }[];
    for (const row of rows)
      if (indexable(row.role, row.kind, row.content)) put(row.id, row.session_id, row.content);
    const lowest = rows.at(-1)?.id ?? 1;
    setBelow.run(rows.length < BACKFILL_BATCH ? 1 : lowest);
    return rows.length === BACKFILL_BATCH;
  });

  return {
    indexMessage({ id, sessionId, role, kind, content }) {
      if (indexable(role, kind, content)) put(id, sessionId, content);
    },
    search(query, options = {}) {
      const match = matchExpression(query);
      if (!match) return [];
      const limit = Math.min(50, Math.max(1, options.limit ?? 10));
      // The user's terms only ever match the text; a session's search adds its session's term.
      const text = `text : (${match.expression})`;
      const expression =
        options.sessionId === undefined ? text : `${text} AND session : "${sessionTerm(options.sessionId)}"`;
      const floor =
        (countMatches.get(expression, RANK_WINDOW + 1) as number) > RANK_WINDOW ? windowFloor(expression) : 0;
      const rows = searchWindow.all(expression, floor, limit) as {
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
