/**
 * The embedder and the vector store of its model, together, over one vectors table. The store is
 * opened once the size of the model's vectors is known (asked for in config, or read off the
 * first answer); answers of another size are refused from then on.
 */
import type { Database } from 'better-sqlite3';
import { createVectorStore, type VectorStore } from './vector-store.js';
import { MEMORY_VECTORS, type VectorTable } from './vector-table.js';

/** What is needed of an embedder (providers/embeddings' `Embedder`). */
export interface TextEmbedder {
  /** The model with its size: vectors of another key are never compared. */
  readonly key: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface VectorSpace {
  embedder: TextEmbedder;
  /** Embeds texts; the store is open after the first call. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Undefined until a first vector told the size. */
  store(): VectorStore | undefined;
  readonly table: VectorTable;
}

export function createVectorSpace(
  db: Database,
  embedder: TextEmbedder,
  dimensions: number,
  table: VectorTable = MEMORY_VECTORS,
): VectorSpace {
  // A model of its own size: the size of the vectors already stored for it, if any.
  const stored = db.prepare(`SELECT dims FROM ${table.table} WHERE model = ? LIMIT 1`).get(embedder.key) as
    | { dims: number }
    | undefined;
  let known = dimensions > 0 ? dimensions : (stored?.dims ?? 0);
  let store: VectorStore | undefined =
    known > 0 ? createVectorStore(db, embedder.key, known, table) : undefined;
  return {
    embedder,
    table,
    async embed(texts, signal) {
      const vectors = await embedder.embed(texts, signal);
      const size = vectors[0]?.length ?? 0;
      // An endpoint that changes the size it answers is refused, never compared with the rest.
      if (known > 0 && size > 0 && size !== known)
        throw new Error(`the embedding endpoint answered ${size} dimensions, expected ${known}`);
      if (size > 0 && !store) {
        known = size;
        store = createVectorStore(db, embedder.key, size, table);
      }
      return vectors;
    },
    store: () => store,
  };
}
