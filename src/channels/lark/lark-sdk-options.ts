/**
 * What Aibox hands the Lark SDK's long connection so it stays inside our limits: a logger
 * that scrubs credentials (the SDK logs raw HTTP errors, whose request holds the app secret)
 * and an HTTP client with a time limit on every call.
 */
import type { HttpInstance, HttpRequestOptions, Logger as SdkLogger } from '@larksuiteoapi/node-sdk';
import type { Logger } from '../../log/logger.js';
import { type HttpCallOptions, httpCall, MAX_JSON_ANSWER_BYTES } from '../http-call.js';

const SECRET_FIELDS =
  /("?(?:app_secret|appsecret|tenant_access_token|app_access_token)"?\s*[:=]\s*"?)[^",\s}]+/gi;
const LOGGED_CHARS = 1000;

/** `text` without `secrets`, bearer tokens or secret-named fields. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.replaceAll(secret, '[hidden]');
  return out.replace(/Bearer\s+[^\s"',]+/g, 'Bearer [hidden]').replace(SECRET_FIELDS, '$1[hidden]');
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return value.map(describe).join(' ');
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value)?.slice(0, LOGGED_CHARS) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The SDK's logger: its errors as our warnings (it retries), its chatter as debug. */
export function sdkLogger(logger: Logger, secrets: readonly string[]): SdkLogger {
  const say =
    (level: 'warn' | 'debug') =>
    (...args: unknown[]) =>
      logger[level]({ sdk: 'lark' }, scrubSecrets(args.map(describe).join(' '), secrets));
  return { error: say('warn'), warn: say('warn'), info: say('debug'), debug: say('debug'), trace: () => {} };
}

type Method = NonNullable<HttpCallOptions['method']>;

/**
 * The SDK's HTTP client, over the channels' own (http-call.ts) instead of the SDK's axios (which
 * the build leaves out of the bundle): the long connection makes one call with it, asking the
 * platform where to connect. Like the SDK's default it resolves with the answer's JSON body and
 * throws on an HTTP error; every call has a time limit and stops when `signal` aborts.
 */
export function larkHttpInstance(timeoutMs: number, signal: AbortSignal): HttpInstance {
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's request options are generic over the body
  async function request(opts: HttpRequestOptions<any>): Promise<any> {
    const url = new URL(String(opts.url));
    for (const [key, value] of Object.entries(opts.params ?? {})) url.searchParams.set(key, String(value));
    const answer = await httpCall(url.href, {
      method: (opts.method ?? 'get').toUpperCase() as Method,
      headers: opts.headers,
      json: opts.data,
      timeoutMs: Math.min(opts.timeout || timeoutMs, timeoutMs),
      signal,
      maxBytes: MAX_JSON_ANSWER_BYTES,
    });
    if (!answer.ok) throw new Error(`HTTP ${answer.status} from ${url.pathname}`);
    return JSON.parse(answer.text());
  }
  return {
    request,
    get: (url, opts) => request({ ...opts, url, method: 'get' }),
    delete: (url, opts) => request({ ...opts, url, method: 'delete' }),
    head: () => Promise.reject(new Error('HEAD is not used by the Lark long connection')),
    options: () => Promise.reject(new Error('OPTIONS is not used by the Lark long connection')),
    post: (url, data, opts) => request({ ...opts, url, data, method: 'post' }),
    put: (url, data, opts) => request({ ...opts, url, data, method: 'put' }),
    patch: (url, data, opts) => request({ ...opts, url, data, method: 'patch' }),
  };
}
