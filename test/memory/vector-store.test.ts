import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/memory/store.js';
import { binaryCode } from '../../src/store/vectors/binary-code.js';
import { signScoreAt, signTable } from '../../src/store/vectors/sign-score.js';
import { TopK } from '../../src/store/vectors/top-k.js';
import { createVectorStore } from '../../src/store/vectors/vector-store.js';
import { dotAt, normalize } from '../../src/util/vector-math.js';
import { tempDatabase } from '../helpers/test-database.js';

const vec = (...values: number[]) => Float32Array.from(values);

describe('vector store', () => {
  it('finds the nearest by cosine, keeps vectors per model, and drops a vector with its memory', async () => {
    const db = await tempDatabase('aibox-vec-');
    const memory = createMemoryStore({ db });
    const a = memory.save({ summary: 'a' });
    const b = memory.save({ summary: 'b' });
    const c = memory.save({ summary: 'c' });
    const vectors = createVectorStore(db, 'model-x/3', 3);
    expect(vectors.missing(10)).toEqual([a.id, b.id, c.id]);
    vectors.put(a.id, vec(1, 0, 0));
    vectors.put(b.id, vec(0, 2, 0)); // not unit length: stored normalised
    expect(vectors.backlog()).toBe(1);
    const hits = vectors.nearest(vec(0.1, 1, 0), 2);
    expect(hits.map((h) => h.id)).toEqual([b.id, a.id]);
    expect(hits[0]?.similarity).toBeCloseTo(1 / Math.sqrt(1.01), 5);
    // After the matrix is loaded, a new vector is appended and a replaced one updated.
    vectors.put(c.id, vec(0, 0, 1));
    vectors.put(a.id, vec(0, 0, -1));
    expect(vectors.nearest(vec(0, 0, 1), 1)[0]?.id).toBe(c.id);
    expect(vectors.nearest(vec(0, 0, -1), 1)[0]?.id).toBe(a.id);
    // Another model's vectors are neither found nor counted.
    const other = createVectorStore(db, 'model-y/3', 3);
    expect(other.count()).toBe(0);
    expect(other.missing(10)).toHaveLength(3);
    memory.delete(b.id);
    expect(createVectorStore(db, 'model-x/3', 3).count()).toBe(2);
    expect(() => vectors.put(a.id, vec(1, 2))).toThrow(/2 dimensions, expected 3/);
  });

  it('searches only among the ids asked for, however few, never outside them', async () => {
    const db = await tempDatabase('aibox-vec-');
    const memory = createMemoryStore({ db });
    const ids = Array.from({ length: 300 }, (_, i) => memory.save({ summary: `m${i}` }).id);
    const vectors = createVectorStore(db, 'model-x/3', 3);
    ids.forEach((id, i) => {
      vectors.put(id, vec(Math.cos(i), Math.sin(i), i % 2 ? 1 : -1));
    });
    const only = new Set([ids[5]!, ids[250]!]);
    const hits = vectors.nearest(vec(Math.cos(7), Math.sin(7), 1), 50, only);
    expect(hits.map((h) => h.id).sort((a, b) => a - b)).toEqual([ids[5], ids[250]]);
    expect(vectors.nearest(vec(1, 0, 0), 5, new Set())).toEqual([]);
  });

  it('TopK keeps the k best in order, as a full sort would', () => {
    const scores = Array.from({ length: 500 }, (_, i) => (Math.sin(i * 12.9898) * 43758.5453) % 1);
    const top = new TopK(7);
    for (const [i, s] of scores.entries()) top.offer(i, s);
    const sorted = scores
      .map((s, i) => ({ s, i }))
      .sort((x, y) => y.s - x.s)
      .slice(0, 7);
    expect(top.ids).toEqual(sorted.map((x) => x.i));
  });
});

describe('two-step vector search', () => {
  it('finds what the exact search finds first among 3,000 vectors, for queries near a stored one', async () => {
    const db = await tempDatabase('aibox-vec-');
    const memory = createMemoryStore({ db });
    const dims = 128;
    let seed = 1;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff - 0.5;
    };
    const all: { id: number; v: Float32Array; norm: number }[] = [];
    const vectors = createVectorStore(db, 'm/128', dims);
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) {
        const v = Float32Array.from({ length: dims }, rand);
        const id = memory.save({ summary: `m${i}` }).id;
        vectors.put(id, v);
        all.push({ id, v, norm: Math.hypot(...v) });
      }
    })();
    let found = 0;
    for (let q = 0; q < 20; q++) {
      // A paraphrase: near one stored vector (cosine about 0.6), far from the rest.
      const near = all[q * 150]?.v ?? new Float32Array(dims);
      const query = Float32Array.from(near, (x) => x + rand() * 1.2);
      const exact = all
        .map(({ id, v, norm }) => ({ id, s: v.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0) / norm }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 1)
        .map((x) => x.id);
      const got = vectors.nearest(query, 5).map((h) => h.id);
      if (got[0] === exact[0] && exact[0] === all[q * 150]?.id) found++;
    }
    expect(found).toBe(20);
  });
});

/** A seeded generator (mulberry32), -0.5..0.5. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
}

describe('sign score', () => {
  it('is the query’s values summed with the sign of each stored dimension', () => {
    const rand = seeded(3);
    for (const dims of [8, 37, 64, 100]) {
      const words = Math.ceil(dims / 32);
      const query = Float32Array.from({ length: dims }, rand);
      const table = signTable(query, words);
      for (let n = 0; n < 20; n++) {
        const stored = Float32Array.from({ length: dims }, rand);
        const expected = query.reduce((sum, q, i) => sum + (stored[i]! > 0 ? q : -q), 0);
        expect(signScoreAt(binaryCode(stored), 0, words, table)).toBeCloseTo(expected, 4);
      }
    }
  });
});

describe('vector search inside a prefilter', () => {
  it('finds ≥ 95 % of the exact top 20 among a tenth of 10,000 clustered vectors', async () => {
    const db = await tempDatabase('aibox-vec-prefilter-');
    const dims = 256;
    const rand = seeded(11);
    db.exec(
      'CREATE TABLE t_rows (id INTEGER PRIMARY KEY); CREATE TABLE t_vectors (row_id INTEGER PRIMARY KEY, model TEXT NOT NULL, dims INTEGER NOT NULL, vector BLOB NOT NULL, code BLOB NOT NULL)',
    );
    const store = createVectorStore(db, 'm/256', dims, {
      table: 't_vectors',
      key: 'row_id',
      source: 't_rows',
    });
    // 100 clusters of 100 (as bench/vector-scan.mjs): the prefilter holds whole clusters, so most
    // queries' own cluster is outside it and their top 20 inside are only a little closer than the rest.
    const centers = Array.from({ length: 100 }, () => Float32Array.from({ length: dims }, rand));
    const near = (base: Float32Array, spread: number) =>
      normalize(Float32Array.from(base, (x) => x + spread * rand()));
    const rows = Array.from({ length: 10_000 }, (_, i) => near(centers[i % 100]!, 0.8));
    db.transaction(() => {
      rows.forEach((v, i) => {
        store.put(i + 1, v);
      });
    })();
    const only = new Set(rows.map((_, i) => i + 1).filter((id) => id % 10 === 3));
    let found = 0;
    const queries = 30;
    for (let n = 0; n < queries; n++) {
      const q = near(rows[(n * 337) % rows.length]!, 0.5);
      const exact = [...only]
        .map((id) => ({ id, s: dotAt(rows[id - 1]!, 0, q) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 20)
        .map((x) => x.id);
      const got = new Set(store.nearest(q, 20, only).map((h) => h.id));
      for (const id of got) expect(only.has(id)).toBe(true);
      found += exact.filter((id) => got.has(id)).length;
    }
    // Hamming distance alone, then 200 re-scored: 83 %.
    expect(found / (20 * queries)).toBeGreaterThanOrEqual(0.95);
  });
});
