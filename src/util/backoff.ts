/**
 * Waits between attempts that double: attempt n (0-based) waits min(maxMs, initialMs × 2^n),
 * shortened at random by up to `jitter` (a fraction, default a quarter) so many clients do not
 * retry in step. The channels' reconnects and outbox, MCP reconnects, model retries and
 * `aibox chat`'s reconnects use it (the page has its own: it imports only the protocol).
 */
export interface BackoffOptions {
  /** 0: always the full wait; 0.5: anywhere in [half, full]. */
  jitter?: number;
  random?: () => number;
}

/** The wait in whole ms before attempt `attempt`. */
export function backoffDelay(
  attempt: number,
  initialMs: number,
  maxMs: number,
  options: BackoffOptions = {},
): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
  const jitter = options.jitter ?? 0.25;
  return Math.round(base * (1 - (jitter === 0 ? 0 : (options.random ?? Math.random)() * jitter)));
}

/** Counts the attempts itself: `next()` for each failure, `reset()` after a success. */
export interface Backoff {
  next(): number;
  reset(): void;
}

export function createBackoff(initialMs: number, maxMs: number, options: BackoffOptions = {}): Backoff {
  let attempt = 0;
  return {
    next() {
      const delay = backoffDelay(attempt, initialMs, maxMs, options);
      attempt = Math.min(attempt + 1, 30);
      return delay;
    },
    reset() {
      attempt = 0;
    },
  };
}
