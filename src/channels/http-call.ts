/**
 * The one HTTP client of the chat channels' own REST calls (Lark's open platform, DingTalk's
 * gateway, OpenAPI and reply webhooks, chat file downloads), over `node:http`/`node:https`.
 *
 * Not global `fetch`: its first call loads undici and compiles undici's llhttp WebAssembly,
 * about +20 MB of resident memory in a bare Node for a handful of small JSON calls
 * (docs/benchmarks.md, "Chat channels"). `node:http` is part of every server already.
 *
 * Every call has a time limit for the whole exchange (connect, answer, body), stops when
 * `signal` aborts, and reads at most `maxBytes` of body (by the declared length first, then as
 * it streams; the connection is dropped at the limit). Redirects are not followed: a 3xx is
 * an answer like any other. Errors never carry the URL (a Telegram file URL holds the token,
 * a DingTalk webhook its session), only what failed.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface HttpCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as the body with `content-type: application/json`. */
  json?: unknown;
  /** Sent as the body with its own content type (an upload: multipart-body.ts). */
  body?: { data: Buffer; type: string };
  /** Time limit of the whole call. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Largest body accepted. */
  maxBytes: number;
  /** The error for a body over `maxBytes` (default: a plain Error saying so). */
  tooLarge?: (maxBytes: number) => Error;
}

export interface HttpAnswer {
  status: number;
  /** A 2xx status. */
  ok: boolean;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
}

/** The limit of a JSON answer (every vendor answer Aibox reads is a few KB). */
export const MAX_JSON_ANSWER_BYTES = 1024 * 1024;

/**
 * Pooled connections: a streamed answer patches its message every `stream_interval_ms`, and a new
 * TLS handshake per patch would cost more than the patch. An idle socket is closed after 4 s,
 * before a server would close it (Node's own servers wait 5 s; reusing a socket the server is
 * closing fails the call), and never keeps the process alive (the agent unrefs idle sockets).
 */
const POOL = { keepAlive: true, maxSockets: 8, maxFreeSockets: 2, timeout: 4000 };
const agents = { http: new HttpAgent(POOL), https: new HttpsAgent(POOL) };

const stopped = () => new Error('the call was stopped');
const overLimit = (maxBytes: number) => new Error(`the answer is over the ${maxBytes}-byte limit`);

export function httpCall(url: string, options: HttpCallOptions): Promise<HttpAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:')
    return Promise.reject(new Error(`not an http(s) URL: ${target.protocol}`));
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] ??= 'application/json; charset=utf-8';
    headers['content-length'] = String(payload.length);
  } else if (options.body) {
    payload = options.body.data;
    headers['content-type'] ??= options.body.type;
    headers['content-length'] = String(payload.length);
  }
  const tooLarge = options.tooLarge ?? overLimit;
  if (options.signal?.aborted) return Promise.reject(stopped());

  return new Promise<HttpAnswer>((resolve, reject) => {
    const send = secure ? httpsRequest : httpRequest;
    const request = send(target, {
      method: options.method ?? (payload ? 'POST' : 'GET'),
      headers,
      agent: secure ? agents.https : agents.http,
    });
    let settled = false;
    const finish = (error: Error | undefined, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(answer as HttpAnswer);
    };
    const timer = setTimeout(
      () => finish(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const onAbort = () => finish(stopped());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => finish(error));
    request.once('response', (response) => {
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      if (declared > options.maxBytes) return finish(tooLarge(options.maxBytes));
      const chunks: Buffer[] = [];
      let total = 0;
      response.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > options.maxBytes) finish(tooLarge(options.maxBytes));
        else chunks.push(chunk);
      });
      response.on('error', (error) => finish(error));
      response.once('end', () => {
        const status = response.statusCode ?? 0;
        const body = Buffer.concat(chunks);
        finish(undefined, {
          status,
          ok: status >= 200 && status < 300,
          headers: response.headers,
          body,
          text: () => body.toString('utf8'),
        });
      });
    });
    request.end(payload);
  });
}
