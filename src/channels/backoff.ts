/**
 * Delays between reconnect attempts: doubling from `initialMs` up to `maxMs`, with up
 * to 25% random jitter so many boxes do not hammer a vendor in step; `reset` after success.
 */
export interface Backoff {
  next(): number;
  reset(): void;
}

export function createBackoff(initialMs: number, maxMs: number, random: () => number = Math.random): Backoff {
  let attempt = 0;
  return {
    next() {
      const base = Math.min(maxMs, initialMs * 2 ** attempt);
      attempt = Math.min(attempt + 1, 30);
      return Math.round(base * (1 - random() * 0.25));
    },
    reset() {
      attempt = 0;
    },
  };
}
