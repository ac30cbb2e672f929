/**
 * What Aibox hands the Lark SDK so it stays inside our limits: a logger that scrubs
 * credentials (the SDK logs raw HTTP errors, whose request holds the app secret or the
 * tenant token), an HTTP client with a time limit on every call, and a token cache of
 * our own that can be emptied when the platform says the token is no longer valid.
 */
import type { Cache, HttpInstance, HttpRequestOptions, Logger as SdkLogger } from '@larksuiteoapi/node-sdk';
import type { Logger } from '../../log/logger.js';

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

/** `base` with a time limit on every request that sets none, and aborted by `signal`. */
export function boundedHttp(base: HttpInstance, timeoutMs: number, signal: AbortSignal): HttpInstance {
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's request options are generic over the body
  const bound = (opts?: HttpRequestOptions<any>): HttpRequestOptions<any> =>
    ({ timeout: timeoutMs, signal, ...opts }) as HttpRequestOptions<unknown>;
  return {
    request: (opts) => base.request(bound(opts)),
    get: (url, opts) => base.get(url, bound(opts)),
    delete: (url, opts) => base.delete(url, bound(opts)),
    head: (url, opts) => base.head(url, bound(opts)),
    options: (url, opts) => base.options(url, bound(opts)),
    post: (url, data, opts) => base.post(url, data, bound(opts)),
    put: (url, data, opts) => base.put(url, data, bound(opts)),
    patch: (url, data, opts) => base.patch(url, data, bound(opts)),
  };
}

interface TokenCache extends Cache {
  /** Forgets every token, so the next call fetches a fresh one. */
  clear(): void;
}

/** The SDK's cache interface over a Map; entries expire at the absolute time the SDK gives. */
export function createTokenCache(): TokenCache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  const keyOf = (key: string | symbol, namespace = '') => `${namespace}\u0000${String(key)}`;
  return {
    async set(key, value, expire, options) {
      entries.set(keyOf(key as string | symbol, options?.namespace), {
        value,
        expires: expire ?? Number.POSITIVE_INFINITY,
      });
      return true;
    },
    async get(key, options) {
      const entry = entries.get(keyOf(key as string | symbol, options?.namespace));
      if (!entry || entry.expires <= Date.now()) return undefined;
      return entry.value;
    },
    clear() {
      entries.clear();
    },
  };
}
