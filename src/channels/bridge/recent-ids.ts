/**
 * Remembers the last `capacity` event ids, so a redelivered event (vendors redeliver
 * when they think an answer was lost) is handled once. Bounded: old ids fall out.
 */
interface RecentIds {
  /** True the first time `id` is seen (and records it); false for a repeat. */
  firstSeen(id: string): boolean;
  /** Whether `id` is remembered (without recording it). */
  has(id: string): boolean;
}

export function createRecentIds(capacity: number): RecentIds {
  const seen = new Set<string>();
  return {
    has: (id) => seen.has(id),
    firstSeen(id) {
      if (seen.has(id)) return false;
      seen.add(id);
      if (seen.size > capacity) {
        const oldest = seen.values().next().value as string;
        seen.delete(oldest);
      }
      return true;
    },
  };
}
