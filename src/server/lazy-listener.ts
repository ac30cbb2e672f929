/**
 * A request listener that loads the real one on the first HTTP request. The HTTP side (hono,
 * `@hono/node-server`, which pulls in `node:http2` and the fetch classes, the routes of `/api`,
 * `/v1` and `/mcp`) costs start-up time and idle memory that a box only talking WebSocket never
 * needs; the WebSocket upgrade does not go through this listener.
 *
 * Requests that arrive while it loads wait for it. If loading fails (a broken install), each
 * waiting request gets a 500 with the JSON body `onLoadError` returns, and the next request tries again.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

export function lazyRequestListener(
  load: () => Promise<RequestListener>,
  onLoadError: (error: unknown) => string,
): RequestListener {
  let loaded: RequestListener | undefined;
  let loading: Promise<RequestListener> | undefined;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (loaded) return loaded(req, res);
    loading ??= load();
    loading.then(
      (listener) => {
        loaded = listener;
        listener(req, res);
      },
      (error: unknown) => {
        loading = undefined;
        const body = onLoadError(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(body);
      },
    );
  };
}
