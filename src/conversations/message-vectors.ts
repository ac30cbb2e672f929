/**
 * Which messages get a vector (migration 17): the ones `message_index` indexes, user and
 * assistant messages with text, newest first; what is embedded is a message's first
 * MAX_INDEXED_CHARS characters, as for the keyword index (the embedder keeps its own cap).
 */
import type { Database } from 'better-sqlite3';
import type { VectorTable } from '../store/vectors/vector-table.js';
import { MAX_INDEXED_CHARS } from './message-index.js';

export const MESSAGE_VECTORS: VectorTable = {
  table: 'message_vectors',
  key: 'message_id',
  source: 'messages',
  // The SQL is the definition (a row it selects is embedded, even if only spaces of another kind).
  where: `s.role IN ('user', 'assistant') AND s.kind = 'message' AND s.content IS NOT NULL
    AND trim(s.content, ' ' || char(9, 10, 13)) <> ''`,
  newestFirst: true,
};

/** The texts of these messages to embed (messages deleted since are left out). */
export function messageTexts(db: Database): (ids: number[]) => { id: number; text: string }[] {
  const read = db.prepare('SELECT id, substr(content, 1, ?) AS text FROM messages WHERE id = ?');
  return (ids) =>
    ids.flatMap((id) => {
      const row = read.get(MAX_INDEXED_CHARS, id) as { id: number; text: string | null } | undefined;
      return row ? [{ id: row.id, text: row.text ?? '' }] : [];
    });
}
