/**
 * Memory embeddings in `memory_vectors`, searched in two steps: every memory is ranked by the
 * Hamming distance of its sign-bit code (kept in memory: 64 bytes a memory at 512 dimensions),
 * then the best RERANK_FACTOR × limit are re-scored exactly with their float vectors, read from
 * SQLite. Ids of memories deleted since the codes were loaded may come back from `nearest`;
 * callers join with the memory rows, which drops them.
 */
import type { Database } from 'better-sqlite3';
import { dotAt, fromBlob, normalize, toBlob } from '../../util/vector-math.js';
import { binaryCode, hammingAt } from './binary-code.js';
import { TopK } from './top-k.js';

export interface VectorHit {
  id: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface VectorStore {
  /** Stores (or replaces) the vector of a memory (normalised to unit length). */
  put(memoryId: number, vector: Float32Array): void;
  /** The `limit` memories most similar to `query`, best first. */
  nearest(query: Float32Array, limit: number): VectorHit[];
  /** Up to `limit` memory ids that have no vector of this model yet, oldest first. */
  missing(limit: number): number[];
  /** How many memories still need a vector. */
  backlog(): number;
  /** Memories with a vector of this model. */
  count(): number;
}

/** Candidates re-scored exactly per result asked for (and at least MIN_CANDIDATES). */
const RERANK_FACTOR = 8;
const MIN_CANDIDATES = 200;

interface Codes {
  ids: number[];
  rowOf: Map<number, number>;
  words: Uint32Array;
  rows: number;
}

/** Rows of the `wanted` smallest Hamming distances to `query` (ties at the cut-off included). */
function closestRows(
  c: Codes,
  wordsPerCode: number,
  query: Uint32Array,
  dims: number,
  wanted: number,
): number[] {
  const distances = new Uint16Array(c.rows);
  const histogram = new Uint32Array(dims + 1);
  for (let row = 0; row < c.rows; row++) {
    const d = hammingAt(c.words, row * wordsPerCode, query);
    distances[row] = d;
    histogram[d]!++;
  }
  let cutoff = 0;
  for (let seen = 0; cutoff <= dims; cutoff++) {
    seen += histogram[cutoff]!;
    if (seen >= wanted) break;
  }
  const rows: number[] = [];
  for (let row = 0; row < c.rows; row++) if (distances[row]! <= cutoff) rows.push(row);
  return rows;
}

export function createVectorStore(db: Database, model: string, dims: number): VectorStore {
  const wordsPerCode = Math.ceil(dims / 32);
  const upsert = db.prepare(
    'INSERT INTO memory_vectors (memory_id, model, dims, vector, code) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT(memory_id) DO UPDATE SET model = excluded.model, dims = excluded.dims, ' +
      'vector = excluded.vector, code = excluded.code',
  );
  const allCodes = db.prepare('SELECT memory_id, code FROM memory_vectors WHERE model = ? AND dims = ?');
  const vectorOf = db.prepare(
    'SELECT vector FROM memory_vectors WHERE memory_id = ? AND model = ? AND dims = ?',
  );
  const missingRows = db.prepare(
    `SELECT m.id FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ? AND v.dims = ?
     WHERE v.memory_id IS NULL ORDER BY m.id LIMIT ?`,
  );
  const backlogCount = db.prepare(
    `SELECT count(*) AS n FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ? AND v.dims = ?
     WHERE v.memory_id IS NULL`,
  );
  const countRows = db.prepare('SELECT count(*) AS n FROM memory_vectors WHERE model = ? AND dims = ?');
  let codes: Codes | undefined;

  const load = (): Codes => {
    if (codes) return codes;
    const rows = allCodes.all(model, dims) as { memory_id: number; code: Buffer }[];
    const words = new Uint32Array(Math.max(16, rows.length) * wordsPerCode);
    const ids: number[] = [];
    const rowOf = new Map<number, number>();
    const bytes = new Uint8Array(words.buffer);
    rows.forEach((row, i) => {
      ids.push(row.memory_id);
      rowOf.set(row.memory_id, i);
      bytes.set(row.code.subarray(0, wordsPerCode * 4), i * wordsPerCode * 4);
    });
    codes = { ids, rowOf, words, rows: rows.length };
    return codes;
  };

  const remember = (c: Codes, id: number, code: Uint32Array) => {
    const existing = c.rowOf.get(id);
    if (existing !== undefined) {
      c.words.set(code, existing * wordsPerCode);
      return;
    }
    if ((c.rows + 1) * wordsPerCode > c.words.length) {
      const grown = new Uint32Array(c.words.length * 2);
      grown.set(c.words);
      c.words = grown;
    }
    c.words.set(code, c.rows * wordsPerCode);
    c.rowOf.set(id, c.rows);
    c.ids.push(id);
    c.rows++;
  };

  return {
    put(memoryId, vector) {
      if (vector.length !== dims) throw new Error(`vector has ${vector.length} dimensions, expected ${dims}`);
      const unit = normalize(Float32Array.from(vector));
      const code = binaryCode(unit);
      upsert.run(memoryId, model, dims, toBlob(unit), Buffer.from(code.buffer));
      if (codes) remember(codes, memoryId, code);
    },
    nearest(query, limit) {
      if (query.length !== dims || limit <= 0) return [];
      const c = load();
      const q = normalize(Float32Array.from(query));
      const qCode = binaryCode(q);
      // Step 1: the closest codes, by a histogram of the distances (integers 0..dims).
      const candidates = closestRows(
        c,
        wordsPerCode,
        qCode,
        dims,
        Math.max(MIN_CANDIDATES, limit * RERANK_FACTOR),
      );
      // Step 2: exact cosine of those.
      const best = new TopK(limit);
      for (const row of candidates) {
        const id = c.ids[row]!;
        const stored = vectorOf.get(id, model, dims) as { vector: Buffer } | undefined;
        if (stored) best.offer(id, dotAt(fromBlob(stored.vector), 0, q));
      }
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
  };
}
