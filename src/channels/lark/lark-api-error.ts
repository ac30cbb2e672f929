/**
 * Results of the open platform's HTTP API as data or one clear error. The API answers
 * `{ code, msg, data }`: code 0 is success, anything else (also inside an HTTP 4xx body)
 * is an `LarkApiError` naming the call, the code and the platform's message. Errors never
 * carry the request (its headers hold the tenant token, a token request the app secret).
 */

/** Codes meaning the tenant access token is invalid or expired: fetch a new one and retry. */
const RATE_LIMITED = 99991400;

const TOKEN_CODES = new Set([99991661, 99991663, 99991664, 99991668]);

export class LarkApiError extends Error {
  constructor(
    readonly call: string,
    readonly code: number,
    readonly status: number | undefined,
    platformMessage: string,
    /** The platform refused the app id or secret (no token could be had). */
    readonly credentialsRefused = false,
  ) {
    super(`${call}: ${status !== undefined ? `HTTP ${status}, ` : ''}code ${code}: ${platformMessage}`);
    this.name = 'LarkApiError';
  }

  get tokenInvalid(): boolean {
    return TOKEN_CODES.has(this.code);
  }

  /** The platform's rate limit ("request trigger frequency limit"): try again later. */
  get rateLimited(): boolean {
    return this.code === RATE_LIMITED || this.status === 429;
  }
}

type Json = Record<string, unknown>;

function bodyOf(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null ? (value as Json) : undefined;
}

/** The response's `data` (or the whole body when it has none), or a `LarkApiError`. */
export function larkData<T = Json>(call: string, response: unknown): T {
  const body = bodyOf(response);
  const code = Number(body?.code ?? -1);
  if (code !== 0) throw new LarkApiError(call, code, undefined, String(body?.msg ?? 'no answer'));
  return (bodyOf(body?.data) ?? body) as T;
}
