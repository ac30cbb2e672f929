/**
 * CORS for the OpenAI-compatible endpoint, so browser-based clients (LobeChat's client mode, Open
 * WebUI's direct connections, web builds of chat apps) can call it: an origin listed in
 * `server.allowed_origins` gets `Access-Control-Allow-Origin` on every answer, and a preflight
 * (`OPTIONS` with `Access-Control-Request-Method`) is answered here, before the token is checked
 * (browsers never send credentials with it). Other origins get no CORS headers, so the browser
 * keeps the answer from the page; the request guard has already refused origins it does not know.
 */
import type { Context, Next } from 'hono';

const METHODS = 'GET, POST, OPTIONS';
/** What a client sends when the preflight names nothing (the SDKs name their `x-stainless-*` headers). */
const DEFAULT_HEADERS = 'authorization, content-type, x-aibox-session';
/** A header list as browsers send it: names and commas only, bounded. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;
const MAX_HEADER_LIST = 2000;

export function corsForOpenAi(allowedOrigins: () => readonly string[]) {
  return async (c: Context, next: Next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && origin !== '' && allowedOrigins().includes(origin);
    const preflight =
      c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    c.header('vary', 'Origin');
    if (allowed) c.header('access-control-allow-origin', origin);
    if (preflight) {
      if (allowed) {
        const asked = c.req.header('access-control-request-headers')?.trim() ?? '';
        const headers = asked.length <= MAX_HEADER_LIST && HEADER_LIST.test(asked) ? asked : DEFAULT_HEADERS;
        c.header('access-control-allow-methods', METHODS);
        c.header('access-control-allow-headers', headers);
        c.header('access-control-max-age', '600');
      }
      return c.body(null, 204);
    }
    await next();
  };
}
