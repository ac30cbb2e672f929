/**
 * What Aibox hands the Lark SDK's long connection so it stays inside our limits: a logger
 * that scrubs credentials (the SDK logs raw HTTP errors, whose request holds the app secret)
 * and an HTTP client with a time limit on every call.
 */
import type { HttpInstance, HttpRequestOptions, Logger as SdkLogger } from '@larksuiteoapi/node-sdk';
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
