/**
 * Request bodies are counted while they arrive: a declared Content-Length past the
 * limit is refused at once, and a chunked body is refused as soon as it passes the
 * limit, so no more than `max` bytes are ever held. The refusal (413 JSON) closes the
 * connection, so the rest of the body is never read.
 */
import type { Context, Next } from 'hono';

/** `maxBytes` is read per request (a route may have a limit of its own, e.g. uploads). */
export function limitBody(maxBytes: (c: Context) => number, tooLarge: (c: Context, max: number) => Response) {
  const refuse = (c: Context, max: number) => {
    c.header('connection', 'close');
    return tooLarge(c, max);
  };
  return async (c: Context, next: Next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const max = maxBytes(c);
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > max) return refuse(c, max);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) return refuse(c, max);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
