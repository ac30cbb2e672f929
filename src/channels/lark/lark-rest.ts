/**
 * The few open-platform HTTP calls Aibox makes (tenant token, bot info, send and patch a
 * card, upload a voice reply, a picture or a file, download a message's file), over the channels' HTTP client (http-call.ts). The SDK's `Client` would carry the whole
 * generated API (+12 MB of RSS) for these; only its long connection (`WSClient`) is used.
 *
 * Every call has a time limit and stops when `signal` aborts. Failures are a `LarkApiError`
 * (the platform answered with a code or an HTTP error) or a plain Error naming the call;
 * neither carries the request (its headers hold the tenant token, a token request the secret).
 */

import { createCachedToken } from '../cached-token.js';
import { type HttpAnswer, type HttpCallOptions, httpCall, MAX_JSON_ANSWER_BYTES } from '../http-call.js';
import { FileTooLargeError } from '../read-limited.js';
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
  /** A multipart POST (a file upload): the answer's `data`. */
  upload<T = Json>(name: string, path: string, body: { data: Buffer; type: string }): Promise<T>;
  /** A binary GET of at most `maxBytes` bytes. */
  download(name: string, path: string, maxBytes: number): Promise<Buffer>;
  /** Forgets the tenant token, so the next call fetches a fresh one. */
  clearToken(): void;
}

export function createLarkRest(options: LarkRestOptions): LarkRest {
  const base = options.domain.replace(/\/+$/, '');

  type Call = Omit<HttpCallOptions, 'timeoutMs' | 'signal' | 'maxBytes'> & { maxBytes?: number };

  async function request(name: string, path: string, init: Call): Promise<HttpAnswer> {
    try {
      return await httpCall(`${base}${path}`, {
        maxBytes: MAX_JSON_ANSWER_BYTES,
        ...init,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw error;
      throw new Error(`${name}: ${(error as Error).message}`);
    }
  }

  /** The body as JSON; an HTTP error or a non-JSON body becomes a `LarkApiError`. */
  function jsonOf(name: string, answer: HttpAnswer): Json {
    const text = answer.text();
    let body: Json | undefined;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      body = undefined;
    }
    if (!answer.ok) {
      const status = answer.status;
      const msg = String(body?.msg ?? body?.message ?? `HTTP error (${text.slice(0, 200)})`);
      throw new LarkApiError(name, Number(body?.code ?? 0), status, msg, status === 401 || status === 403);
    }
    if (!body) throw new LarkApiError(name, -1, answer.status, `not JSON: ${text.slice(0, 200)}`);
    return body;
  }

  const token = createCachedToken(async () => {
    const call = 'tenant_access_token';
    const answer = await request(call, '/open-apis/auth/v3/tenant_access_token/internal', {
      method: 'POST',
      json: { app_id: options.appId, app_secret: options.appSecret },
    });
    const body = jsonOf(call, answer);
    const code = Number(body.code ?? -1);
    if (code !== 0 || typeof body.tenant_access_token !== 'string')
      throw new LarkApiError(call, code, undefined, String(body.msg ?? 'no token'), true);
    return { value: body.tenant_access_token, lifetimeMs: Number(body.expire ?? 0) * 1000 };
  }, TOKEN_MARGIN_MS);

  async function authorized(name: string, path: string, init: Call): Promise<HttpAnswer> {
    let value: string;
    try {
      value = await token.get();
    } catch (error) {
      if (error instanceof LarkApiError) error.message = `${name} (${error.message})`;
      else if (error instanceof Error) error.message = `${name}: ${error.message}`;
      throw error;
    }
    return request(name, path, { ...init, headers: { ...init.headers, authorization: `Bearer ${value}` } });
  }

  return {
    async call<T>(name: string, method: 'GET' | 'POST' | 'PATCH', path: string, body?: Json): Promise<T> {
      return larkData<T>(name, jsonOf(name, await authorized(name, path, { method, json: body })));
    },
    async upload<T>(name: string, path: string, body: { data: Buffer; type: string }): Promise<T> {
      return larkData<T>(name, jsonOf(name, await authorized(name, path, { method: 'POST', body })));
    },
    async download(name, path, maxBytes) {
      const answer = await authorized(name, path, {
        method: 'GET',
        maxBytes,
        tooLarge: (max) => new FileTooLargeError(max),
      });
      if (!answer.ok) jsonOf(name, answer);
      return answer.body;
    },
    clearToken() {
      token.forget();
    },
  };
}
