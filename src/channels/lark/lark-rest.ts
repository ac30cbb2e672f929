/**
 * The few open-platform HTTP calls Aibox makes (tenant token, bot info, send and patch a
 * card, download a message's file), over fetch. The SDK's `Client` would carry the whole
 * generated API (+12 MB of RSS) for these; only its long connection (`WSClient`) is used.
 *
 * Every call has a time limit and stops when `signal` aborts. Failures are a `LarkApiError`
 * (the platform answered with a code or an HTTP error) or a plain Error naming the call;
 * neither carries the request (its headers hold the tenant token, a token request the secret).
 */

import { readLimited } from '../read-limited.js';
import { LarkApiError, larkData } from './lark-api-error.js';

export interface LarkRestOptions {
  appId: string;
  appSecret: string;
  /** Base URL of the open platform. */
  domain: string;
  /** Time limit of one HTTP call. */
  timeoutMs: number;
  /** Aborts every call in flight and every later one. */
  signal?: AbortSignal;
}

type Json = Record<string, unknown>;

/** A token is renewed this long before the platform says it expires. */
const TOKEN_MARGIN_MS = 3 * 60_000;

export interface LarkRest {
  /** One JSON call: the answer's `data` (or the whole body when it has none). */
  call<T = Json>(name: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: Json): Promise<T>;
  /** A binary GET of at most `maxBytes` bytes. */
  download(name: string, path: string, maxBytes: number): Promise<Buffer>;
  /** Forgets the tenant token, so the next call fetches a fresh one. */
  clearToken(): void;
}

export function createLarkRest(options: LarkRestOptions): LarkRest {
  const base = options.domain.replace(/\/+$/, '');
  let token: { value: string; expires: number } | undefined;

  async function request(name: string, path: string, init: RequestInit): Promise<Response> {
    const limit = AbortSignal.timeout(options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, limit]) : limit;
    try {
      return await fetch(`${base}${path}`, { ...init, signal });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      const why = limit.aborted ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
      throw new Error(`${name}: ${cause ? `${cause} ` : ''}${why}`);
    }
  }

  /** The body as JSON; an HTTP error or a non-JSON body becomes a `LarkApiError`. */
  async function jsonOf(name: string, response: Response): Promise<Json> {
    const text = await response.text();
    let body: Json | undefined;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const status = response.status;
      const msg = String(body?.msg ?? body?.message ?? `HTTP error (${text.slice(0, 200)})`);
      throw new LarkApiError(name, Number(body?.code ?? 0), status, msg, status === 401 || status === 403);
    }
    if (!body) throw new LarkApiError(name, -1, response.status, `not JSON: ${text.slice(0, 200)}`);
    return body;
  }

  async function tenantToken(): Promise<string> {
    if (token && token.expires > Date.now()) return token.value;
    const call = 'tenant_access_token';
    const response = await request(call, '/open-apis/auth/v3/tenant_access_token/internal', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ app_id: options.appId, app_secret: options.appSecret }),
    });
    const body = await jsonOf(call, response);
    const code = Number(body.code ?? -1);
    if (code !== 0 || typeof body.tenant_access_token !== 'string')
      throw new LarkApiError(call, code, undefined, String(body.msg ?? 'no token'), true);
    const lifeMs = Number(body.expire ?? 0) * 1000;
    token = { value: body.tenant_access_token, expires: Date.now() + Math.max(0, lifeMs - TOKEN_MARGIN_MS) };
    return token.value;
  }

  async function authorized(name: string, path: string, init: RequestInit): Promise<Response> {
    let value: string;
    try {
      value = await tenantToken();
    } catch (error) {
      if (error instanceof LarkApiError) error.message = `${name} (${error.message})`;
      else if (error instanceof Error) error.message = `${name}: ${error.message}`;
      throw error;
    }
    const headers = { ...(init.headers as Record<string, string>), authorization: `Bearer ${value}` };
    return request(name, path, { ...init, headers });
  }

  return {
    async call<T>(name: string, method: string, path: string, body?: Json): Promise<T> {
      const init: RequestInit = { method };
      if (body) {
        init.headers = { 'content-type': 'application/json; charset=utf-8' };
        init.body = JSON.stringify(body);
      }
      return larkData<T>(name, await jsonOf(name, await authorized(name, path, init)));
    },
    async download(name, path, maxBytes) {
      const response = await authorized(name, path, { method: 'GET' });
      if (!response.ok || !response.body) await jsonOf(name, response);
      return Buffer.from(await readLimited(response, maxBytes));
    },
    clearToken() {
      token = undefined;
    },
  };
}
