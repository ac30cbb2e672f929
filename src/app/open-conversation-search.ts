/**
 * `conversation_search` from config: with embeddings on (the memories' embedder, so the same
 * budget meter), messages get vectors in the background and searches fuse keyword and meaning;
 * off, the keyword search alone (docs/memory-and-tasks.md, "Past conversations").
 */
import type { Database } from 'better-sqlite3';
import { type ConversationSearch, createConversationSearch } from '../conversations/conversation-search.js';
import type { MessageIndex } from '../conversations/message-index.js';
import { MESSAGE_VECTORS, messageTexts } from '../conversations/message-vectors.js';
import type { Logger } from '../log/logger.js';
import type { MemoryRecall } from '../memory/hybrid/open-recall.js';
import { createVectorIndexer, type VectorIndexer } from '../store/vectors/vector-indexer.js';
import { createVectorSpace } from '../store/vectors/vector-space.js';

/** Messages stored close together (a turn's question and answer) are embedded in one request. */
const WAKE_DELAY_MS = 2000;

export function openConversationSearch(
  db: Database,
  index: MessageIndex,
  recall: Pick<MemoryRecall, 'embedder' | 'status'>,
  logger: Logger,
): { search: ConversationSearch; indexer?: VectorIndexer } {
  const { embedder, status } = recall;
  if (!embedder || !status.enabled) return { search: createConversationSearch(db, index, undefined) };
  const space = createVectorSpace(db, embedder, status.dimensions, MESSAGE_VECTORS);
  const indexer = createVectorIndexer({
    db,
    space,
    batchSize: status.batchSize,
    logger: logger.child({ module: 'conversation-index' }),
    texts: messageTexts(db),
    delayMs: WAKE_DELAY_MS,
  });
  return { search: createConversationSearch(db, index, space), indexer };
}
