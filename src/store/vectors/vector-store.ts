/**
 * Embeddings of rows (memories, messages: vector-table.ts), searched in three steps: every row
 * (or every row of the prefilter) is ranked by the Hamming distance of its sign-bit code (kept in
 * memory: 64 bytes a row at 512 dimensions); the best COARSE_FACTOR × pool of those are ranked
 * again by the query's floats against their codes (sign-score.ts); the best pool (RERANK_FACTOR ×
 * limit, at least MIN_CANDIDATES) are re-scored exactly with their float vectors, read from
 * SQLite. Ids of rows deleted since the codes were loaded may come back from `nearest`; callers
 * join with the rows, which drops them.
 */
import type { Database } from 'better-sqlite3';
import { dotAt, fromBlob, normalize, toBlob } from '../../util/vector-math.js';
import { binaryCode, hammingAt } from './binary-code.js';
import { signScoreAt, signTable } from './sign-score.js';
import { TopK } from './top-k.js';
import { MEMORY_VECTORS, missingSql, orderSql, type VectorTable } from './vector-table.js';

export interface VectorHit {
  id: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface VectorStore {
  /** Stores (or replaces) the vector of a row (normalised to unit length). */
  put(id: number, vector: Float32Array): void;
  /** The `limit` rows most similar to `query`, best first; `only`: among these ids alone. */
  nearest(query: Float32Array, limit: number, only?: ReadonlySet<number>): VectorHit[];
  /** Up to `limit` row ids that have no vector of this model yet, in the table's order. */
  missing(limit: number): number[];
  /** How many rows still need a vector. */
  backlog(): number;
  /** Rows with a vector of this model. */
  count(): number;
}

/** Candidates re-scored exactly per result asked for (and at least MIN_CANDIDATES). */
const RERANK_FACTOR = 8;
const MIN_CANDIDATES = 200;
/**
 * Rows kept by Hamming distance per candidate re-scored, for the sign score to choose from. Hamming
 * alone loses the true neighbours when they are only a little closer than the rest (a query far
 * from everything in a prefilter: 62 % of the exact top 20 in bench/vector-scan.mjs).
 */
const COARSE_FACTOR = 10;
/**
 * Inside a prefilter the exact pool is this much larger: its best rows are often far from the query
 * and hardly closer than the rest (only whole clusters of others), where the sign score alone
 * finds 84 % of the exact top 20, 93 % with twice the pool (docs/benchmarks.md).
 */
const PREFILTER_POOL_FACTOR = 2;

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
  only?: ReadonlySet<number>,
): number[] {
  // With `only`, its rows alone are looked at (a chat's messages among everyone's).
  let scanned: Uint32Array | undefined;
  if (only) {
    const rows: number[] = [];
    for (const id of only) {
      const row = c.rowOf.get(id);
      if (row !== undefined) rows.push(row);
    }
    scanned = Uint32Array.from(rows);
  }
  const count = scanned ? scanned.length : c.rows;
  const distances = new Uint16Array(count);
  const histogram = new Uint32Array(dims + 1);
  for (let i = 0; i < count; i++) {
    const d = hammingAt(c.words, (scanned ? scanned[i]! : i) * wordsPerCode, query);
    distances[i] = d;
    histogram[d]!++;
  }
  let cutoff = 0;
  for (let seen = 0; cutoff <= dims; cutoff++) {
    seen += histogram[cutoff]!;
    if (seen >= wanted) break;
  }
  // Fewer rows than wanted: all of them.
  cutoff = Math.min(cutoff, dims);
  const rows: number[] = [];
  for (let i = 0; i < count; i++) if (distances[i]! <= cutoff) rows.push(scanned ? scanned[i]! : i);
  return rows;
}

/** The `wanted` of `rows` with the highest sign score for `query` (ties at the cut-off included). */
function bySignScore(
  c: Codes,
  wordsPerCode: number,
  query: Float32Array,
  rows: number[],
  wanted: number,
): number[] {
  if (rows.length <= wanted) return rows;
  const table = signTable(query, wordsPerCode);
  const scores = Float32Array.from(rows, (row) =>
    signScoreAt(c.words, row * wordsPerCode, wordsPerCode, table),
  );
  const cutoff = Float32Array.from(scores).sort()[rows.length - wanted]!;
  return rows.filter((_, i) => scores[i]! >= cutoff);
}

export function createVectorStore(
  db: Database,
  model: string,
  dims: number,
  t: VectorTable = MEMORY_VECTORS,
): VectorStore {
  const wordsPerCode = Math.ceil(dims / 32);
  const upsert = db.prepare(
    `INSERT INTO ${t.table} (${t.key}, model, dims, vector, code) VALUES (?, ?, ?, ?, ?) ` +
      `ON CONFLICT(${t.key}) DO UPDATE SET model = excluded.model, dims = excluded.dims, ` +
      'vector = excluded.vector, code = excluded.code',
  );
  const allCodes = db.prepare(`SELECT ${t.key} AS id, code FROM ${t.table} WHERE model = ? AND dims = ?`);
  // The candidates' float vectors in one statement (half the time of one read each).
  const vectorsOf = db.prepare(
    `SELECT ${t.key} AS id, vector FROM ${t.table}
     WHERE ${t.key} IN (SELECT value FROM json_each(?)) AND model = ? AND dims = ?`,
  );
  const missingRows = db.prepare(`${missingSql(t, 's.id', 'exact')} ${orderSql(t)} LIMIT ?`);
  const backlogCount = db.prepare(missingSql(t, 'count(*) AS n', 'exact'));
  const countRows = db.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE model = ? AND dims = ?`);
  let codes: Codes | undefined;

  const load = (): Codes => {
    if (codes) return codes;
    const rows = allCodes.all(model, dims) as { id: number; code: Buffer }[];
    const words = new Uint32Array(Math.max(16, rows.length) * wordsPerCode);
    const ids: number[] = [];
    const rowOf = new Map<number, number>();
    const bytes = new Uint8Array(words.buffer);
    rows.forEach((row, i) => {
      ids.push(row.id);
      rowOf.set(row.id, i);
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
    put(id, vector) {
      if (vector.length !== dims) throw new Error(`vector has ${vector.length} dimensions, expected ${dims}`);
      const unit = normalize(Float32Array.from(vector));
      const code = binaryCode(unit);
      upsert.run(id, model, dims, toBlob(unit), Buffer.from(code.buffer));
      if (codes) remember(codes, id, code);
    },
    nearest(query, limit, only) {
      if (query.length !== dims || limit <= 0) return [];
      const c = load();
      const q = normalize(Float32Array.from(query));
      const qCode = binaryCode(q);
      const pool = Math.max(MIN_CANDIDATES, limit * RERANK_FACTOR) * (only ? PREFILTER_POOL_FACTOR : 1);
      // Step 1: the closest codes, by a histogram of the distances (integers 0..dims).
      const coarse = closestRows(c, wordsPerCode, qCode, dims, pool * COARSE_FACTOR, only);
      // Step 2: the best pool of those by the query's floats against their codes.
      const candidates = bySignScore(c, wordsPerCode, q, coarse, pool);
      // Step 3: exact cosine of those.
      const best = new TopK(limit);
      const ids = JSON.stringify(candidates.map((row) => c.ids[row]));
      for (const stored of vectorsOf.iterate(ids, model, dims) as Iterable<{ id: number; vector: Buffer }>)
        best.offer(stored.id, dotAt(fromBlob(stored.vector), 0, q));
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
