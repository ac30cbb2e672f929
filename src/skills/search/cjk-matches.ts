/** Where a Chinese (CJK) term occurs, from the indexed bigrams, and how often. */
import { intersectSorted, type Postings } from './postings.js';
import { type Doc, termFrequency } from './search-docs.js';
import { bigramsOf } from './search-terms.js';

export interface CjkMatches {
  /** Doc fields containing the term: all its bigrams indexed, then (3+ characters) a substring check. */
  postingsOf(term: string): Postings;
  /** How often the term occurs in a posting's field (longer terms: their rarest bigram; 1 when unknown). */
  frequency(posting: number, term: string): number;
}

export function cjkMatches(docs: readonly Doc[], postings: ReadonlyMap<string, Postings>): CjkMatches {
  return {
    postingsOf(term) {
      const grams = bigramsOf(term);
      let candidates = postings.get(grams[0] as string) ?? [];
      for (let g = 1; g < grams.length && candidates.length > 0; g += 1) {
        candidates = intersectSorted(candidates, postings.get(grams[g] as string) ?? []);
      }
      if (term.length <= 2) return candidates;
      return candidates.filter((p) => (docs[Math.floor(p / 3)] as Doc).fields.at(p % 3).includes(term));
    },
    frequency(posting, term) {
      const doc = docs[(posting / 3) | 0] as Doc;
      const field = (posting % 3) as 0 | 1 | 2;
      let least = Number.POSITIVE_INFINITY;
      for (const gram of bigramsOf(term)) least = Math.min(least, termFrequency(doc, field, gram));
      return Number.isFinite(least) ? least : 1;
    },
  };
}
