/**
 * Memory embeddings in `memory_vectors`, searched by a brute-force scan over an in-memory float32
 * matrix of the current model's vectors (loaded on first use, appended to as vectors are added).
 * Ids of memories deleted since the load may come back from `nearest`; callers join with the
 * memory rows, which drops them.
 */
import type { Database } from 'better-sqlite3';
import { TopK } from './top-k.js';
import { dotAt, fromBlob, normalize, toBlob } from './vector-math.js';

export interface VectorHit {
  id: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface VectorStore {
  /** Stores (or replaces) the unit-length vector of a memory. */
  put(memoryId: number, vector: Float32Array): void;
  /** The `limit` memories most similar to `query`, best first. */
  nearest(query: Float32Array, limit: number): VectorHit[];
  /** Up to `limit` memory ids that have no vector of this model yet, oldest first. */
  missing(limit: number): number[];
  /** How many memories still need a vector. */
  backlog(): number;
  /** Memories with a vector of this model. */
  count(): number;
  /** Drops every vector (all models): `aibox memory reindex`. */
  clear(): void;
}

interface Matrix {
  ids: number[];
  rowOf: Map<number, number>;
  data: Float32Array;
  rows: number;
}

export function createVectorStore(db: Database, model: string, dims: number): VectorStore {
  const upsert = db.prepare(
    'INSERT INTO memory_vectors (memory_id, model, dims, vector) VALUES (?, ?, ?, ?) ' +
      'ON CONFLICT(memory_id) DO UPDATE SET model = excluded.model, dims = excluded.dims, vector = excluded.vector',
  );
  const allRows = db.prepare('SELECT memory_id, vector FROM memory_vectors WHERE model = ? AND dims = ?');
  const missingRows = db.prepare(
    `SELECT m.id FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ? AND v.dims = ?
     WHERE v.memory_id IS NULL ORDER BY m.id LIMIT ?`,
  );
  const backlogCount = db.prepare(
    `SELECT count(*) AS n FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ? AND v.dims = ?
     WHERE v.memory_id IS NULL`,
  );
  const countRows = db.prepare('SELECT count(*) AS n FROM memory_vectors WHERE model = ? AND dims = ?');
  let matrix: Matrix | undefined;

  const load = (): Matrix => {
    if (matrix) return matrix;
    const ids: number[] = [];
    const rowOf = new Map<number, number>();
    const rows = allRows.all(model, dims) as { memory_id: number; vector: Buffer }[];
    const data = new Float32Array(Math.max(16, rows.length) * dims);
    rows.forEach((row, i) => {
      ids.push(row.memory_id);
      rowOf.set(row.memory_id, i);
      data.set(fromBlob(row.vector), i * dims);
    });
    matrix = { ids, rowOf, data, rows: rows.length };
    return matrix;
  };

  const append = (m: Matrix, id: number, vector: Float32Array) => {
    const existing = m.rowOf.get(id);
    if (existing !== undefined) {
      m.data.set(vector, existing * dims);
      return;
    }
    if ((m.rows + 1) * dims > m.data.length) {
      const grown = new Float32Array(m.data.length * 2);
      grown.set(m.data);
      m.data = grown;
    }
    m.data.set(vector, m.rows * dims);
    m.ids.push(id);
    m.rowOf.set(id, m.rows);
    m.rows++;
  };

  return {
    put(memoryId, vector) {
      if (vector.length !== dims) throw new Error(`vector has ${vector.length} dimensions, expected ${dims}`);
      const unit = normalize(Float32Array.from(vector));
      upsert.run(memoryId, model, dims, toBlob(unit));
      if (matrix) append(matrix, memoryId, unit);
    },
    nearest(query, limit) {
      if (query.length !== dims) return [];
      const m = load();
      const q = normalize(Float32Array.from(query));
      const best = new TopK(limit);
      for (let row = 0; row < m.rows; row++) best.offer(m.ids[row]!, dotAt(m.data, row * dims, q));
      return best.ids.map((id, i) => ({ id, similarity: best.scores[i]! }));
    },
    missing(limit) {
      return (missingRows.all(model, dims, limit) as { id: number }[]).map((r) => r.id);
    },
    backlog() {
      return (backlogCount.get(model, dims) as { n: number }).n;
    },
    count() {
      return (countRows.get(model, dims) as { n: number }).n;
    },
    clear() {
      db.exec('DELETE FROM memory_vectors');
      matrix = undefined;
    },
  };
}
