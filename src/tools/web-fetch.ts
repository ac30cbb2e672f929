/**
 * Fetching a page for the web tool: http/https only (also after redirects), a total
 * timeout covering the body, a byte cap (reading stops there), a limited number of
 * redirects, and the body decoded with the page's charset (GBK pages are common).
 */
import { AppError } from '../errors.js';

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  userAgent: string;
  signal?: AbortSignal;
  maxRedirects?: number;
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

/** Error codes: bad_url, scheme, timeout, aborted, redirects, network, not_text. */
export type WebErrorCode =
  | 'bad_url'
  | 'scheme'
  | 'timeout'
  | 'aborted'
  | 'redirects'
  | 'network'
  | 'not_text';

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

export async function fetchPage(rawUrl: string, options: FetchOptions): Promise<FetchedPage> {
  let url = parseHttpUrl(rawUrl);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AppError('timeout', 'timeout')), options.timeoutMs);
  const onAbort = () => controller.abort(new AppError('aborted', 'aborted'));
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await fetch(url, {
        redirect: 'manual',
        signal: controller.signal,
        headers: {
          'user-agent': options.userAgent,
          accept: 'text/html,application/xhtml+xml,text/*;q=0.9,*/*;q=0.5',
        },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= (options.maxRedirects ?? 5)) throw new AppError('redirects', String(hop));
        url = parseHttpUrl(new URL(location, url).href);
        continue;
      }
      const contentType = response.headers.get('content-type') ?? '';
      if (!isTextual(contentType)) {
        await response.body?.cancel();
        throw new AppError('not_text', contentType);
      }
      const { data, bytes, truncated } = await readCapped(response, options.maxBytes);
      const charset = pickCharset(contentType, data);
      const text = new TextDecoder(charset).decode(data);
      return { url: url.href, status: response.status, contentType, charset, text, bytes, truncated };
    }
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof AppError) throw reason;
    if (error instanceof AppError) throw error;
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new AppError(
      'network',
      cause ? `${(error as Error).message}: ${cause}` : String((error as Error).message),
      { cause: error },
    );
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

async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<{ data: Buffer; bytes: number; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let truncated = false;
  if (!response.body) return { data: Buffer.alloc(0), bytes, truncated };
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.length >= room) {
      chunks.push(Buffer.from(value.subarray(0, room)));
      bytes += room;
      // Exactly at the cap: only a known length tells whether more would have followed.
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      truncated = value.length > room || !(declared <= maxBytes);
      await reader.cancel();
      break;
    }
    chunks.push(Buffer.from(value));
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
