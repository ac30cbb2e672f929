/**
 * The QQ bot platform's HTTP side: the access token (`POST getAppAccessToken` with the AppID and
 * AppSecret; cached, fetched anew inside the last minute of its life, when the platform hands out
 * a new one) and OpenAPI calls with `Authorization: QQBot <token>`. A call refused for its token
 * (HTTP 401, codes 11241–11244) drops the token and is made once more with a new one. Errors name
 * the endpoint, the HTTP status and the platform's code, never a credential.
 */
import { type CachedToken, createCachedToken } from '../cached-token.js';
import { httpCall, MAX_JSON_ANSWER_BYTES } from '../http-call.js';
import type { QqSettings } from './qq-settings.js';

const CALL_TIMEOUT_MS = 15_000;
/** Inside the platform's last 60 s a token request gets a new token (earlier, the same one). */
const TOKEN_MARGIN_MS = 50_000;
/** Codes of a missing, failed, refused or expired token. */
const TOKEN_CODES = new Set([11241, 11242, 11243, 11244]);

/**
 * The platform answered with an error. `status` is the HTTP status (send-failure.ts reads it:
 * a 4xx is a refusal, a 5xx or 429 downtime); `code` the platform's code, when it gave one.
 */
export class QqApiError extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly platformCode: number | undefined,
    detail: string,
  ) {
    super(
      `QQ ${endpoint}: HTTP ${status}${platformCode !== undefined ? ` code ${platformCode}` : ''}${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'QqApiError';
  }

  get tokenRejected(): boolean {
    return this.status === 401 || (this.platformCode !== undefined && TOKEN_CODES.has(this.platformCode));
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

type Method = 'GET' | 'POST' | 'PUT';

/** One JSON call; a non-2xx answer, or a 2xx one with a non-zero `code`, throws a QqApiError. */
async function callJson(
  url: string,
  method: Method,
  body: unknown,
  endpoint: string,
  signal: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const answer = await httpCall(url, {
    method,
    headers: { accept: 'application/json', ...headers },
    ...(body !== undefined ? { json: body } : {}),
    timeoutMs: CALL_TIMEOUT_MS,
    signal,
    maxBytes: MAX_JSON_ANSWER_BYTES,
  }).catch((error: unknown) => {
    throw new Error(`QQ ${endpoint}: ${error instanceof Error ? error.message : String(error)}`);
  });
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = answer.body.length > 0 ? JSON.parse(answer.text()) : {};
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      parsed = value as Record<string, unknown>;
  } catch {
    // Not JSON: reported below when the status says it failed, else an empty answer.
  }
  const code = typeof parsed.code === 'number' ? parsed.code : undefined;
  if (!answer.ok || (code !== undefined && code !== 0))
    throw new QqApiError(endpoint, answer.status, code, text(parsed.message));
  return parsed;
}

/** The access token: `expires_in` comes as a string of seconds (a number is taken too). */
export function createQqToken(settings: QqSettings, signal: AbortSignal): CachedToken {
  return createCachedToken(async () => {
    const answer = await callJson(
      settings.tokenUrl,
      'POST',
      { appId: settings.appId, clientSecret: settings.clientSecret },
      'getAppAccessToken',
      signal,
    );
    const lifetimeS = Number(answer.expires_in);
    if (typeof answer.access_token !== 'string' || answer.access_token === '' || !(lifetimeS > 0))
      throw new QqApiError(
        'getAppAccessToken',
        200,
        undefined,
        'no access_token or expires_in in the answer',
      );
    return { value: answer.access_token, lifetimeMs: lifetimeS * 1000 };
  }, TOKEN_MARGIN_MS);
}

export interface QqOpenApi {
  readonly token: CachedToken;
  /** `path` below the API root, e.g. `/v2/users/<openid>/messages`; `endpoint` names it in errors. */
  call(method: Method, path: string, body: unknown, endpoint: string): Promise<Record<string, unknown>>;
}

export function createQqOpenApi(settings: QqSettings, signal: AbortSignal): QqOpenApi {
  const token = createQqToken(settings, signal);
  const once = async (method: Method, path: string, body: unknown, endpoint: string) =>
    callJson(`${settings.apiRoot}${path}`, method, body, endpoint, signal, {
      authorization: `QQBot ${await token.get()}`,
      'x-union-appid': settings.appId,
    });
  return {
    token,
    async call(method, path, body, endpoint) {
      try {
        return await once(method, path, body, endpoint);
      } catch (error) {
        if (!(error instanceof QqApiError && error.tokenRejected)) throw error;
        token.forget();
        return once(method, path, body, endpoint);
      }
    },
  };
}
