/**
 * The embedder and the vector store of its model, together. The store is opened once the size of
 * the model's vectors is known (asked for in config, or read off the first answer).
 */
import type { Database } from 'better-sqlite3';
import type { Embedder } from '../../providers/embeddings/embedder.js';
import { createVectorStore, type VectorStore } from '../vectors/vector-store.js';

export interface VectorSpace {
  embedder: Embedder;
  /** Embeds texts; the store is open after the first call. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Undefined until a first vector told the size. */
  store(): VectorStore | undefined;
}

export function createVectorSpace(db: Database, embedder: Embedder, dimensions: number): VectorSpace {
  // A model of its own size: the size of the vectors already stored for it, if any.
  const stored = db.prepare('SELECT dims FROM memory_vectors WHERE model = ? LIMIT 1').get(embedder.key) as
    | { dims: number }
    | undefined;
  const known = dimensions > 0 ? dimensions : (stored?.dims ?? 0);
  let store: VectorStore | undefined = known > 0 ? createVectorStore(db, embedder.key, known) : undefined;
  return {
    embedder,
    async embed(texts, signal) {
      const vectors = await embedder.embed(texts, signal);
      const size = vectors[0]?.length ?? 0;
      if (size > 0 && !store) store = createVectorStore(db, embedder.key, size);
      return vectors;
    },
    store: () => store,
  };
}
