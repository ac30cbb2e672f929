import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/memory/store.js';
import { TopK } from '../../src/store/vectors/top-k.js';
import { createVectorStore } from '../../src/store/vectors/vector-store.js';
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
    const all: { id: number; v: Float32Array }[] = [];
    const vectors = createVectorStore(db, 'm/128', dims);
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) {
        const v = Float32Array.from({ length: dims }, rand);
        const id = memory.save({ summary: `m${i}` }).id;
        vectors.put(id, v);
        all.push({ id, v });
      }
    })();
    const norm = (v: Float32Array) => Math.hypot(...v);
    let found = 0;
    for (let q = 0; q < 20; q++) {
      // A paraphrase: near one stored vector (cosine about 0.6), far from the rest.
      const near = all[q * 150]?.v ?? new Float32Array(dims);
      const query = Float32Array.from(near, (x) => x + rand() * 1.2);
      const exact = all
        .map(({ id, v }) => ({ id, s: v.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0) / norm(v) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 1)
        .map((x) => x.id);
      const got = vectors.nearest(query, 5).map((h) => h.id);
      if (got[0] === exact[0] && exact[0] === all[q * 150]?.id) found++;
    }
    expect(found).toBe(20);
  });
});
