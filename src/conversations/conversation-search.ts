/**
 * Past conversations searched by keyword (`message_index`) and, with embeddings on, by meaning
 * (`message_vectors`), fused by reciprocal rank like memories. Without a vector space, or when the
 * query cannot be embedded, it is the keyword search and the result says so (`mode`, `note`).
 * A search kept to one session compares the query with that session's messages only.
 */
import type { Database } from 'better-sqlite3';
import { matchExpression, snippetFor } from '../store/fts-terms.js';
import type { VectorSpace } from '../store/vectors/vector-space.js';
import { fuseRanks } from '../util/fuse-ranks.js';
import type { ConversationHit, MessageIndex } from './message-index.js';

export interface ConversationResult {
  /** What actually ran. */
  mode: 'keyword' | 'hybrid';
  hits: ConversationHit[];
  /** Why the vector search did not run (`no_embeddings`, or the embedder's error). */
  note?: string;
}

export interface ConversationSearch {
  search(
    query: string,
    options?: { limit?: number; sessionId?: string; signal?: AbortSignal },
  ): Promise<ConversationResult>;
}

/** Candidates taken from each list before fusing. */
const CANDIDATES = 50;
const SNIPPET_CHARS = 160;

export function createConversationSearch(
  db: Database,
  index: MessageIndex,
  space: VectorSpace | undefined,
): ConversationSearch {
  const messageRow = db.prepare(
    `SELECT m.id, m.conversation_id, m.role, m.content, m.created_at, c.session_id
     FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.id = ?`,
  );
  // Every message id of the session, read off the messages' index alone (no row is read): only
  // user and assistant messages have vectors, so the others never come back from the scan.
  const sessionMessages = db
    .prepare(
      'SELECT id FROM messages WHERE conversation_id IN (SELECT id FROM conversations WHERE session_id = ?)',
    )
    .pluck();

  const toHit = (id: number, keywords: string[]): ConversationHit | undefined => {
    const row = messageRow.get(id) as
      | {
          id: number;
          conversation_id: string;
          role: 'user' | 'assistant';
          content: string | null;
          created_at: string;
          session_id: string;
        }
      | undefined;
    if (!row) return undefined;
    return {
      messageId: row.id,
      conversationId: row.conversation_id,
      sessionId: row.session_id,
      role: row.role,
      createdAt: row.created_at,
      snippet: snippetFor(row.content ?? '', keywords, SNIPPET_CHARS),
    };
  };

  return {
    async search(query, options = {}) {
      const limit = Math.min(50, Math.max(1, options.limit ?? 10));
      const scope = options.sessionId === undefined ? {} : { sessionId: options.sessionId };
      const keyword = index.search(query, { limit: CANDIDATES, ...scope });
      const keywordOnly = (note: string): ConversationResult => ({
        mode: 'keyword',
        hits: keyword.slice(0, limit),
        note,
      });
      if (!space) return keywordOnly('no_embeddings');
      let nearest: number[];
      try {
        const [vector] = await space.embed([query], options.signal);
        const only =
          options.sessionId === undefined
            ? undefined
            : new Set(sessionMessages.all(options.sessionId) as number[]);
        nearest = vector ? (space.store()?.nearest(vector, CANDIDATES, only) ?? []).map((h) => h.id) : [];
      } catch (error) {
        return keywordOnly(error instanceof Error ? error.message : String(error));
      }
      const keywords = matchExpression(query)?.keywords ?? [];
      const byId = new Map(keyword.map((hit) => [hit.messageId, hit]));
      const hits: ConversationHit[] = [];
      // Equal scores: the newer message first.
      for (const { key: id } of fuseRanks([keyword.map((h) => h.messageId), nearest], (a, b) => b - a)) {
        if (hits.length >= limit) break;
        const found = byId.get(id) ?? toHit(id, keywords);
        // Deleted since its vector was loaded, or (never expected) another session's.
        if (!found || (options.sessionId !== undefined && found.sessionId !== options.sessionId)) continue;
        hits.push(found);
      }
      return { mode: 'hybrid', hits };
    },
  };
}
