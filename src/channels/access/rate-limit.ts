/**
 * Token buckets per key (a sender) and one for everybody: `take(key)` says whether one more
 * event may pass now, and spends a token from both buckets only when both have one. Memory
 * is bounded: past `maxKeys` the least recently seen key is forgotten (it starts over with a
 * full bucket; the overall bucket still holds the total down).
 */
import { setBounded } from '../../util/bounded-map.js';

export interface Rate {
  /** Events that may pass at once after a quiet spell. */
  burst: number;
  /** Refill, in events per minute. */
  perMinute: number;
}

export interface RateLimit {
  take(key: string): boolean;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimit(options: {
  perKey: Rate;
  overall: Rate;
  maxKeys: number;
  now?: () => number;
}): RateLimit {
  const now = options.now ?? Date.now;
  const keys = new Map<string, Bucket>();
  const overall: Bucket = { tokens: options.overall.burst, at: now() };

  const refill = (bucket: Bucket, rate: Rate, time: number) => {
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((time - bucket.at) * rate.perMinute) / 60_000);
    bucket.at = time;
  };

  return {
    take(key) {
      const time = now();
      const bucket = keys.get(key) ?? { tokens: options.perKey.burst, at: time };
      setBounded(keys, key, bucket, options.maxKeys); // most recently seen last
      refill(bucket, options.perKey, time);
      refill(overall, options.overall, time);
      if (bucket.tokens < 1 || overall.tokens < 1) return false;
      bucket.tokens -= 1;
      overall.tokens -= 1;
      return true;
    },
  };
}
