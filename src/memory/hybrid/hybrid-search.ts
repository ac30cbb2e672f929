/**
 * Memory search by keyword (FTS5 with CJK bigrams), by meaning (embeddings) or both fused by
 * reciprocal rank. Without a vector space, or when embedding the query fails, it is keyword
 * search and the result says so (`mode`, `note`): it never claims a vector search that did not run.
 */

import type { VectorSpace } from '../../store/vectors/vector-space.js';
import { fuseRanks } from '../../util/fuse-ranks.js';
import { inScope } from '../scope.js';
import type { MemoryKind, MemoryScope, MemorySearchHit, MemoryStore } from '../types.js';

export type SearchMode = 'keyword' | 'vector' | 'hybrid';

export interface HybridHit extends MemorySearchHit {
  /** Cosine similarity to the query, when a vector search ran and found it. */
  similarity?: number;
}

export interface HybridResult {
  /** What actually ran. */
  mode: SearchMode;
  hits: HybridHit[];
  /** Why a vector search asked for did not run. */
  note?: string;
}

export interface HybridSearch {
  search(
    query: string,
    options?: {
      mode?: SearchMode;
      limit?: number;
      signal?: AbortSignal;
      /** The text embedded for the vector search, when the keyword query was rewritten from it. */
      meaning?: string;
      /** Whose memories (absent: all). */
      scope?: MemoryScope;
      /** Only this kind (absent: every kind). */
      kind?: MemoryKind;
    },
  ): Promise<HybridResult>;
  /** Whether vector search is possible at all. */
  readonly vectors: boolean;
}

/** Candidates taken from each list before fusing. */
const CANDIDATES = 50;

export function createHybridSearch(memory: MemoryStore, space: VectorSpace | undefined): HybridSearch {
  const keywordHits = (query: string, scope: MemoryScope, kind?: MemoryKind): MemorySearchHit[] =>
    memory.search(query, { pageSize: CANDIDATES, scope, ...(kind ? { kind } : {}) }).items;

  return {
    vectors: space !== undefined,
    async search(query, options = {}) {
      const wanted = options.mode ?? 'hybrid';
      const limit = Math.min(50, Math.max(1, options.limit ?? 10));
      const { scope, kind } = options;
      const keyword = wanted === 'vector' ? [] : keywordHits(query, scope, kind);
      if (wanted === 'keyword' || !space) {
        return {
          mode: 'keyword',
          hits: keyword.slice(0, limit),
          ...(space ? {} : { note: 'no_embeddings' }),
        };
      }
      let nearest: { id: number; similarity: number }[];
      try {
        const [vector] = await space.embed([options.meaning ?? query], options.signal);
        // A chat's memories are searched among themselves (a prefilter: few rows, so nearly exact);
        // any other narrowed search takes more candidates over all and keeps its own below.
        const only = typeof scope === 'string' ? memory.chatIds(scope, kind) : undefined;
        const wide = only || (scope === undefined && kind === undefined) ? CANDIDATES : CANDIDATES * 8;
        nearest = vector ? (space.store()?.nearest(vector, wide, only) ?? []) : [];
      } catch (error) {
        const note = error instanceof Error ? error.message : String(error);
        return {
          mode: 'keyword',
          hits: (wanted === 'vector' ? keywordHits(query, scope, kind) : keyword).slice(0, limit),
          note,
        };
      }
      const similarity = new Map(nearest.map((hit) => [hit.id, hit.similarity]));
      const byId = new Map<number, MemorySearchHit>(keyword.map((hit) => [hit.id, hit]));
      const lists =
        wanted === 'vector'
          ? [nearest.map((h) => h.id)]
          : [keyword.map((h) => h.id), nearest.map((h) => h.id)];
      const hits: HybridHit[] = [];
      // Equal scores: the newer memory first.
      for (const { key: id, score } of fuseRanks(lists, (a, b) => b - a)) {
        if (hits.length >= limit) break;
        const found = byId.get(id) ?? toHit(memory, id);
        // Deleted since its vector was loaded, another chat's, or another kind.
        if (!found || !inScope(found, scope) || (kind !== undefined && found.kind !== kind)) continue;
        const cosine = similarity.get(id);
        hits.push({ ...found, score, ...(cosine === undefined ? {} : { similarity: cosine }) });
      }
      return { mode: wanted, hits };
    },
  };
}

function toHit(memory: MemoryStore, id: number): MemorySearchHit | undefined {
  const found = memory.get(id);
  return found ? { ...found, score: 0, snippet: found.summary.slice(0, 160) } : undefined;
}
