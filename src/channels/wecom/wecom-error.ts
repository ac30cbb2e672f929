/**
 * WeCom answered a frame with a non-zero `errcode`. The send-failure contract (send-failure.ts):
 * a refusal carries the code as `code`, so the outbox drops it; a rate limit carries none, so the
 * message waits and is tried again like downtime.
 */

/** WeCom's "api freq out of limit": try again later. */
const RATE_LIMITED = new Set([45009, 45033]);

export class WeComApiError extends Error {
  /** Set for a refusal only (absent for a rate limit). */
  readonly code?: number;

  constructor(
    readonly what: string,
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeCom ${what}: errcode ${errcode}${errmsg ? ` ${errmsg.slice(0, 200)}` : ''}`);
    this.name = 'WeComApiError';
    if (!RATE_LIMITED.has(errcode)) this.code = errcode;
  }
}

/** A stream reply WeCom no longer takes: its six minutes are over, or the req_id is not one it knows. */
export function streamGone(error: unknown): boolean {
  return error instanceof WeComApiError && (error.errcode === 846608 || error.errcode === 846605);
}
