/**
 * What a flood of messages (or button presses) from senders who are not allowed may cost:
 * log lines and refusals are rate-limited per sender and overall, so a stranger, or many,
 * can neither fill the log nor make the box hammer the vendor's API. Lines left out are
 * counted and the count is carried by the next line that is written.
 */
import { createRateLimit } from './rate-limit.js';

export interface StrangerLimits {
  /** Log lines about strangers, for everybody together. */
  logPerMinute: number;
  /** Refusals sent to strangers, for everybody together (0: none). */
  refusalsPerMinute: number;
}

/** Per sender: a few lines, then one a minute; one refusal, then one per ten minutes. */
const PER_SENDER_LOG = { burst: 3, perMinute: 1 };
const PER_SENDER_REFUSALS = { burst: 1, perMinute: 0.1 };
/** Senders remembered by each limit (the oldest is forgotten first). */
const MAX_SENDERS = 10_000;

export interface StrangerGate {
  /** Whether to log this event, and how many were left out of the log since the last line. */
  log(senderId: string): { write: boolean; unlogged: number };
  /** Whether a refusal may be sent to this sender now. */
  mayRefuse(senderId: string): boolean;
}

export function createStrangerGate(limits: StrangerLimits, now: () => number = Date.now): StrangerGate {
  const overall = (perMinute: number) => ({ burst: perMinute, perMinute });
  const logs = createRateLimit({
    perKey: PER_SENDER_LOG,
    overall: overall(limits.logPerMinute),
    maxKeys: MAX_SENDERS,
    now,
  });
  const refusals = createRateLimit({
    perKey: PER_SENDER_REFUSALS,
    overall: overall(limits.refusalsPerMinute),
    maxKeys: MAX_SENDERS,
    now,
  });
  let unlogged = 0;
  return {
    log(senderId) {
      if (!logs.take(senderId)) {
        unlogged += 1;
        return { write: false, unlogged };
      }
      const left = unlogged;
      unlogged = 0;
      return { write: true, unlogged: left };
    },
    mayRefuse: (senderId) => refusals.take(senderId),
  };
}
