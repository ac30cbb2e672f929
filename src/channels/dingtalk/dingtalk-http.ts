/**
 * DingTalk's HTTP plumbing besides the stream: JSON calls, the gateway's `connections/open` and
 * the OpenAPI access token (the OpenAPI calls themselves are in dingtalk-openapi.ts).
 * Every call has a timeout; errors name the endpoint, the HTTP status and DingTalk's error
 * code, never a credential (the secret travels only in request bodies).
 */
import { type CachedToken, createCachedToken } from '../cached-token.js';
import { httpCall, MAX_JSON_ANSWER_BYTES } from '../http-call.js';
import type { DingTalkSettings } from './dingtalk-settings.js';

const CALL_TIMEOUT_MS = 15_000;
/** A token is renewed this long before DingTalk says it expires. */
const TOKEN_MARGIN_MS = 300_000;

/** DingTalk answered with an error (HTTP status, or `errcode` in a 200 body). */
export class DingTalkApiError extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`DingTalk ${endpoint}: HTTP ${status}${code ? ` ${code}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'DingTalkApiError';
  }

  /** Whether DingTalk refused the credentials (as opposed to being down). */
  get credentialsRejected(): boolean {
    return this.status === 400 || this.status === 401 || this.status === 403;
  }

  /** Whether an OpenAPI call was refused for its access token (expired or revoked): get a new one. */
  get tokenRejected(): boolean {
    // 40014 / 42001: the old API's (`oapi`, media upload) "invalid" / "expired" access_token.
    return (
      this.status === 401 ||
      this.code === 'InvalidAuthentication' ||
      this.code === '40014' ||
      this.code === '42001'
    );
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

interface CallOptions {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** Names the call in errors and logs (never the URL: a webhook's carries its session). */
  endpoint: string;
  method?: 'POST' | 'PUT';
  /** Sent instead of the JSON body (a multipart upload, multipart-body.ts). */
  form?: { data: Buffer; type: string };
}

/** Sends JSON (POST unless told; or `form`) and returns the parsed answer; a non-2xx answer or a non-zero `errcode` throws. */
export async function postJson(
  url: string,
  body: unknown,
  options: CallOptions,
): Promise<Record<string, unknown>> {
  const answer = await httpCall(url, {
    method: options.method ?? 'POST',
    headers: { accept: 'application/json', ...options.headers },
    ...(options.form ? { body: options.form } : { json: body }),
    timeoutMs: CALL_TIMEOUT_MS,
    signal: options.signal,
    maxBytes: MAX_JSON_ANSWER_BYTES,
  }).catch((error: unknown) => {
    throw new Error(
      `DingTalk ${options.endpoint}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(answer.text());
    if (typeof value === 'object' && value !== null) parsed = value as Record<string, unknown>;
  } catch {
    // Not JSON: reported below when the status says it failed, else an empty answer.
  }
  const errcode = parsed.errcode;
  if (!answer.ok || (typeof errcode === 'number' && errcode !== 0))
    throw new DingTalkApiError(
      options.endpoint,
      answer.status,
      text(parsed.code) || (errcode !== undefined ? String(errcode) : ''),
      text(parsed.message) || text(parsed.errmsg),
    );
  return parsed;
}

interface StreamTicket {
  endpoint: string;
  ticket: string;
}

/** Asks the gateway where to open the stream WebSocket, for these subscriptions. */
export async function openConnection(
  settings: DingTalkSettings,
  subscriptions: readonly { type: string; topic: string }[],
  signal: AbortSignal,
): Promise<StreamTicket> {
  const answer = await postJson(
    `${settings.apiRoot}/v1.0/gateway/connections/open`,
    { clientId: settings.clientId, clientSecret: settings.clientSecret, ua: 'aibox', subscriptions },
    { signal, endpoint: 'connections/open' },
  );
  const { endpoint, ticket } = answer;
  if (typeof endpoint !== 'string' || typeof ticket !== 'string' || !/^wss?:\/\//.test(endpoint))
    throw new DingTalkApiError('connections/open', 200, '', 'no endpoint or ticket in the answer');
  return { endpoint, ticket };
}

/** The OpenAPI access token, fetched when first needed and again shortly before it expires. */
export function createTokenSource(settings: DingTalkSettings, signal: AbortSignal): CachedToken {
  return createCachedToken(async () => {
    const answer = await postJson(
      `${settings.apiRoot}/v1.0/oauth2/accessToken`,
      { appKey: settings.clientId, appSecret: settings.clientSecret },
      { signal, endpoint: 'oauth2/accessToken' },
    );
    if (typeof answer.accessToken !== 'string')
      throw new DingTalkApiError('oauth2/accessToken', 200, '', 'no accessToken in the answer');
    const lifetimeS = typeof answer.expireIn === 'number' ? answer.expireIn : 7200;
    return { value: answer.accessToken, lifetimeMs: lifetimeS * 1000 };
  }, TOKEN_MARGIN_MS);
}
