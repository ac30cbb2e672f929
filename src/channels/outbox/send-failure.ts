/**
 * Why a send to a chat failed: the vendor answered and refused it (a 4xx such as "chat not
 * found" or "bot blocked", or an error code in a 200 body), or the vendor could not be
 * reached (no connection, a timeout, a 5xx, a rate limit). Only the second is worth keeping
 * for later (outbox.ts): a refused message would be refused again.
 *
 * Contract for transports: an error of an answered call carries the vendor's HTTP status as
 * `status` (or Telegram's `error_code`), or the platform's error `code` when the HTTP status
 * was fine; any other error counts as unreachable.
 */

/** Lark's "too many requests" code (in a 200 body): try again later, like HTTP 429. */
const LARK_RATE_LIMITED = 99991400;

const numberField = (error: object, field: string): number | undefined => {
  const value = (error as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
};

export function vendorRefused(error: unknown): boolean {
  // A timeout or an abort (a DOMException's numeric `code` is its legacy kind, not the vendor's).
  if (typeof error !== 'object' || error === null || error instanceof DOMException) return false;
  const status = numberField(error, 'status') ?? numberField(error, 'error_code');
  if (status !== undefined) {
    if (status === 408 || status === 429) return false;
    return (status >= 400 && status < 500) || (status >= 200 && status < 300);
  }
  const code = numberField(error, 'code');
  return code !== undefined && code !== LARK_RATE_LIMITED;
}
