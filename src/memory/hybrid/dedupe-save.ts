/**
 * Saving a memory that is already there updates it instead of adding a copy: the same text once
 * normalised (case, width, spaces and punctuation ignored), or, with embeddings on, a memory whose
 * vector is at least DUPLICATE_SIMILARITY close. The vector made for the check is kept.
 */

import type { VectorSpace } from '../../store/vectors/vector-space.js';
import { inScope } from '../scope.js';
import type { Memory, MemoryStore, NewMemory } from '../types.js';
import { memoryText } from './memory-text.js';

export const DUPLICATE_SIMILARITY = 0.95;
const CANDIDATES = 20;

export interface SaveResult {
  memory: Memory;
  /** Set when an existing memory was updated instead. */
  duplicateOf?: number;
}

export type DedupingSave = (input: NewMemory, signal?: AbortSignal) => Promise<SaveResult>;

export function normalizedText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/**
 * Duplicates are looked for among the memories of the same owner only (a chat's, or the owner's),
 * never among the journal notes (consolidation writes those, one per day).
 */
function sameText(memory: MemoryStore, summary: string, scope: string | null): Memory | undefined {
  const wanted = normalizedText(summary);
  if (!wanted) return undefined;
  return memory
    .search(summary, { pageSize: CANDIDATES, scope })
    .items.find((hit) => hit.kind !== 'journal' && normalizedText(hit.summary) === wanted);
}

function sameScope(memory: MemoryStore, id: number, scope: string | null): boolean {
  const found = memory.get(id);
  return found !== undefined && found.kind !== 'journal' && inScope(found, scope);
}

/** `saved` runs after each write (and after the vector made for the check is stored). */
export function createDedupingSave(
  memory: MemoryStore,
  space: VectorSpace | undefined,
  saved: () => void = () => undefined,
): DedupingSave {
  const done = (result: SaveResult) => {
    saved();
    return result;
  };
  return async (input, signal) => {
    const scope = input.chat ?? null;
    const same = sameText(memory, input.summary, scope);
    const updated = same ? memory.update(same.id, input) : undefined;
    if (same && updated) return done({ memory: updated, duplicateOf: same.id });
    if (!space) return done({ memory: memory.save(input) });
    const draft = {
      topic: input.topic ?? '',
      summary: input.summary,
      content: input.content ?? '',
      tags: input.tags ?? [],
    };
    let vector: Float32Array | undefined;
    try {
      [vector] = await space.embed([memoryText(draft)], signal);
    } catch {
      // The indexer embeds it later; without a vector no near duplicate can be found now.
      return done({ memory: memory.save(input) });
    }
    const store = space.store();
    const near =
      vector && store
        ? store
            .nearest(vector, CANDIDATES)
            .find((hit) => hit.similarity >= DUPLICATE_SIMILARITY && sameScope(memory, hit.id, scope))
        : undefined;
    if (near) {
      const merged = memory.update(near.id, input);
      if (merged) {
        if (vector) store?.put(merged.id, vector);
        return done({ memory: merged, duplicateOf: near.id });
      }
    }
    const added = memory.save(input);
    if (vector) store?.put(added.id, vector);
    return done({ memory: added });
  };
}
