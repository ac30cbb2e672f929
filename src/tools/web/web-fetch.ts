/**
 * Fetching a page for the web tool: http/https only (also after redirects), every hop's host
 * checked and its connection pinned to the checked addresses (web-resolve.ts, web-request.ts), a
 * total timeout covering DNS, connects and the body, a byte cap (reading stops there), redirects
 * followed by hand up to a limit, and the body decoded with the page's charset (GBK is common).
 */
import type { LookupAddress } from 'node:dns';
import type { Readable } from 'node:stream';
import { AppError } from '../../errors.js';
import { requestPinned } from './web-request.js';
import { type ResolveHost, resolveAllowed, systemResolve } from './web-resolve.js';

interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** `safety.web_allow_hosts`: hosts fetched even though they resolve to blocked addresses. */
  allowHosts?: readonly string[];
  /** DNS, replaceable in tests; default the system resolver. */
  resolve?: ResolveHost;
}

export interface FetchedPage {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  /** The charset used to decode `text`. */
  charset: string;
  text: string;
  bytes: number;
  /** Reading stopped at `maxBytes`. */
  truncated: boolean;
}

/**
 * Error codes: bad_url, scheme, timeout, aborted, redirects, network, not_text, dns, and
 * blocked_address (details: `BlockedDetails`).
 */
export type WebErrorCode =
  | 'bad_url'
  | 'scheme'
  | 'timeout'
  | 'aborted'
  | 'redirects'
  | 'network'
  | 'not_text'
  | 'dns'
  | 'blocked_address';

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('bad_url', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('scheme', url.protocol);
  return url;
}

/** `promise`, or the signal's reason as soon as it is aborted (for steps that cannot be cancelled, like DNS). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export async function fetchPage(rawUrl: string, options: FetchOptions): Promise<FetchedPage> {
  let url = parseHttpUrl(rawUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AppError('timeout', 'timeout')), options.timeoutMs);
  const onAbort = () => controller.abort(new AppError('aborted', 'aborted'));
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const headers = {
    'user-agent': options.userAgent,
    accept: 'text/html,application/xhtml+xml,text/*;q=0.9,*/*;q=0.5',
  };
  try {
    for (let hop = 0; ; hop += 1) {
      const addresses: LookupAddress[] = await untilAborted(
        resolveAllowed(url.hostname, options.allowHosts ?? [], options.resolve ?? systemResolve),
        controller.signal,
      );
      const response = await requestPinned(url, addresses, { headers, signal: controller.signal });
      const location = response.headers.location;
      if (response.status >= 300 && response.status < 400 && location) {
        response.body.destroy();
        if (hop >= (options.maxRedirects ?? 5)) throw new AppError('redirects', String(hop));
        url = parseHttpUrl(new URL(location, url).href);
        continue;
      }
      const contentType = response.headers['content-type'] ?? '';
      if (!isTextual(contentType)) {
        response.body.destroy();
        throw new AppError('not_text', contentType);
      }
      const declared = response.decoded
        ? Number.NaN
        : Number(response.headers['content-length'] ?? Number.NaN);
      const { data, bytes, truncated } = await readCapped(response.body, options.maxBytes, declared);
      const charset = pickCharset(contentType, data);
      const text = new TextDecoder(charset).decode(data);
      return { url: url.href, status: response.status, contentType, charset, text, bytes, truncated };
    }
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof AppError) throw reason;
    if (error instanceof AppError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const message = (error as Error).message ?? String(error);
    throw new AppError('network', code && !message.includes(code) ? `${message} (${code})` : message, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function isTextual(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '') return true;
  return type.startsWith('text/') || /(html|xml|json|javascript|ecmascript|csv|yaml)/.test(type);
}

/** Reads `body` up to `maxBytes`, then stops (destroying it). `declared`: the content-length, when it describes `body`. */
async function readCapped(
  body: Readable,
  maxBytes: number,
  declared: number,
): Promise<{ data: Buffer; bytes: number; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  for await (const chunk of body) {
    const value = chunk as Buffer;
    const room = maxBytes - bytes;
    if (value.length >= room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      // Exactly at the cap: only a known length tells whether more would have followed.
      truncated = value.length > room || !(declared <= maxBytes);
      break; // leaving the loop destroys the stream
    }
    chunks.push(value);
    bytes += value.length;
  }
  return { data: Buffer.concat(chunks, bytes), bytes, truncated };
}

/** The content-type charset, else a <meta> charset in the first bytes, else a BOM, else UTF-8; only labels TextDecoder knows. */
export function pickCharset(contentType: string, data: Buffer): string {
  const candidates = [
    /charset\s*=\s*["']?([\w-]+)/i.exec(contentType)?.[1],
    /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(data.subarray(0, 4096).toString('latin1'))?.[1],
    data[0] === 0xff && data[1] === 0xfe
      ? 'utf-16le'
      : data[0] === 0xfe && data[1] === 0xff
        ? 'utf-16be'
        : undefined,
  ];
  for (const label of candidates) {
    if (!label) continue;
    try {
      return new TextDecoder(label).encoding;
    } catch {
      // Unknown label: try the next source.
    }
  }
  return 'utf-8';
}
