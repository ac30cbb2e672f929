/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list gives an id 1 / (K + rank); the sums
 * order the fused list. Needs no score calibration between keyword (bm25) and vector (cosine).
 */
export const RRF_K = 60;

export function fuseRanks(lists: readonly (readonly number[])[], k = RRF_K): { id: number; score: number }[] {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || b.id - a.id);
}
