/**
 * Memory search, recall and background embedding, put together from config: with embeddings on,
 * hybrid search and an indexer that embeds every saved memory; off, keyword search only (and
 * `status` says why). The memory store returned wakes the indexer on each save.
 */
import type { Database } from 'better-sqlite3';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import type { Logger } from '../../log/logger.js';
import { createEmbedder, type Embedder, type EmbeddingMeter } from '../../providers/embeddings/embedder.js';
import { type ResolvedEmbeddings, resolveEmbeddings } from '../../providers/embeddings/resolve-embeddings.js';
import type { ResolvedLlmSettings } from '../../providers/resolve-settings.js';
import { createVectorIndexer, type VectorIndexer } from '../../store/vectors/vector-indexer.js';
import { createVectorSpace } from '../../store/vectors/vector-space.js';
import type { MemoryStore } from '../types.js';
import { createDedupingSave, type DedupingSave } from './dedupe-save.js';
import { createHybridSearch, type HybridSearch } from './hybrid-search.js';
import { memoryText } from './memory-text.js';
import { createRecall } from './recall.js';

export interface MemoryRecall {
  /** Saves wake the indexer. */
  memory: MemoryStore;
  search: HybridSearch;
  /** Recall for a prompt: the memories it returns are counted as recalled (`markRecalled`). */
  recall: Recaller;
  status: ResolvedEmbeddings;
  /** Saves, or updates the memory it duplicates (docs/memory-and-tasks.md, "Deduplication"). */
  save: DedupingSave;
  /** Absent when embeddings are off. */
  indexer?: VectorIndexer;
  /** The embedder, for skills by meaning too; absent when embeddings are off. */
  embedder?: Embedder;
}

interface OpenRecallOptions {
  db: Database;
  memory: MemoryStore;
  config: () => Config;
  chat: Pick<ResolvedLlmSettings, 'provider' | 'baseUrl' | 'apiKey' | 'timeoutMs'>;
  env: NodeJS.ProcessEnv;
  lang: Lang;
  logger: Logger;
  /** Embedding requests counted and refused like model rounds (absent: not counted). */
  meter?: EmbeddingMeter;
}

/** Every memory a recall returns goes in the prompt: each is counted as recalled once. */
function counted(memory: MemoryStore, recall: Recaller): Recaller {
  return async (message, signal, scope) => {
    const found = await recall(message, signal, scope);
    if (found) memory.markRecalled(found.memories.map((m) => m.id));
    return found;
  };
}

type Recaller = ReturnType<typeof createRecall>;

export function openMemoryRecall(options: OpenRecallOptions): MemoryRecall {
  const { db, memory, lang } = options;
  const config = options.config();
  const status = resolveEmbeddings(config, options.chat, options.env, lang);
  const memorySettings = () => options.config().memory;
  if (!status.enabled) {
    const search = createHybridSearch(memory, undefined);
    const save = createDedupingSave(memory, undefined);
    const recall = counted(memory, createRecall(search, memorySettings, lang));
    return { memory, search, recall, status, save };
  }
  const embedder = createEmbedder(status, {
    timeoutMs: Math.min(options.chat.timeoutMs, 30_000),
    lang,
    ...(options.meter ? { meter: options.meter } : {}),
  });
  const space = createVectorSpace(db, embedder, status.dimensions);
  const indexer = createVectorIndexer({
    db,
    space,
    batchSize: status.batchSize,
    logger: options.logger.child({ module: 'memory-index' }),
    texts: (ids) =>
      ids.flatMap((id) => {
        const found = memory.get(id);
        return found ? [{ id, text: memoryText(found) }] : [];
      }),
  });
  const indexed: MemoryStore = {
    ...memory,
    save(input) {
      const saved = memory.save(input);
      indexer.wake();
      return saved;
    },
  };
  const search = createHybridSearch(indexed, space);
  const save = createDedupingSave(memory, space, () => indexer.wake());
  // With no memory at all there is nothing to recall: no embedding request for the message.
  const anyMemory = db.prepare('SELECT 1 FROM memories LIMIT 1').pluck();
  const recallAny = counted(memory, createRecall(search, memorySettings, lang));
  const recall: typeof recallAny = async (message, signal, scope) =>
    anyMemory.get() === undefined ? undefined : recallAny(message, signal, scope);
  return { memory: indexed, search, recall, status, indexer, save, embedder };
}
