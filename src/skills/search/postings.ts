/** The inverted index of the search: for each token, the doc fields it occurs in. */
import type { Doc } from './search-docs.js';

/** Posting = docIndex * 3 + field, ascending. */
export type Postings = number[];

export interface PostingIndex {
  postings: Map<string, Postings>;
  /** Each field's mean length in tokens over the docs (BM25's length normalisation). */
  avgLen: [number, number, number];
}

export function indexPostings(docs: readonly Doc[]): PostingIndex {
  const postings = new Map<string, Postings>();
  const avgLen: [number, number, number] = [0, 0, 0];
  docs.forEach((doc, d) => {
    doc.stored.tf.forEach(([tokens], field) => {
      avgLen[field] = (avgLen[field] as number) + doc.len[field as 0 | 1 | 2] / Math.max(1, docs.length);
      const posting = d * 3 + field;
      for (const token of tokens) {
        let list = postings.get(token);
        if (!list) {
          list = [];
          postings.set(token, list);
        }
        // A token listed twice (a hand-edited tokens file) still posts the field once.
        if (list[list.length - 1] !== posting) list.push(posting);
      }
    });
  });
  return { postings, avgLen };
}

/** How many docs a posting list names, each list counted once (lists are immutable). */
export function docFrequencies(): (list: Postings) => number {
  const counted = new WeakMap<Postings, number>();
  return (list) => {
    const cached = counted.get(list);
    if (cached !== undefined) return cached;
    let count = 0;
    let last = -1;
    for (const p of list) {
      const d = (p / 3) | 0;
      if (d !== last) count += 1;
      last = d;
    }
    counted.set(list, count);
    return count;
  };
}

/** Intersection of two ascending posting lists. */
export function intersectSorted(a: Postings, b: Postings): Postings {
  const result: Postings = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      result.push(x);
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return result;
}
