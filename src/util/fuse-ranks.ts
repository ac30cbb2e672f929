/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list gives a key 1 / (K + rank); the sums
 * order the fused list. Needs no score calibration between keyword (bm25) and vector (cosine).
 * `tie` orders keys of equal score (default: the order in which they were first met).
 */
export const RRF_K = 60;

export function fuseRanks<Key>(
  lists: readonly (readonly Key[])[],
  tie: (a: Key, b: Key) => number = () => 0,
  k = RRF_K,
): { key: Key; score: number }[] {
  const scores = new Map<Key, number>();
  for (const list of lists) {
    list.forEach((key, rank) => {
      scores.set(key, (scores.get(key) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores]
    .map(([key, score]) => ({ key, score }))
    .sort((a, b) => b.score - a.score || tie(a.key, b.key));
}
