/**
 * The port while `aibox serve` migrates `memories.db` at start (docs/backups.md): opened before
 * the snapshot and the migration, it answers `/healthz` with 503 `{ ok: false, status:
 * "migrating", migration: { step, done, total } }` and every other request, WebSocket upgrades
 * included, with 503 `migrating`. When the box is ready, `startServer` takes the same listening
 * socket over (`takeOver`), so the port is never closed in between.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from '../config/schema.js';
import { httpStatusOf, wireCodeOf } from '../error-codes.js';
import type { Lang } from '../i18n/lang.js';
import { VERSION } from '../version.js';
import { assertSafeBind } from './auth.js';
import { serverMessages } from './messages.js';

/** The http.Server options of the box's port (timeouts checked every second, against a slowloris). */
export function httpServerOptions(server: Config['server']) {
  return {
    headersTimeout: server.headers_timeout_s * 1000,
    requestTimeout: server.request_timeout_s * 1000,
    connectionsCheckingInterval: 1000,
  };
}

export interface MigratingListener {
  /** Opens the port (host and port: the flags, else the config). Throws EADDRINUSE, `server_insecure`. */
  open(config: Config): Promise<void>;
  progress(step: string, done: number, total: number): void;
  /** The port it listens on, else the one `open` last tried (for the port-in-use message). */
  port(): number | undefined;
  /** The listening server with this listener's handlers removed; undefined when it was never opened. */
  takeOver(): { server: Server; host: string; port: number } | undefined;
  /** Closes the port (start-up failed). */
  close(): Promise<void>;
}

export function createMigratingListener(options: {
  host?: string;
  port?: number;
  lang: Lang;
}): MigratingListener {
  const t = serverMessages(options.lang);
  let opened: { server: Server; host: string; port: number } | undefined;
  let state = { step: '', done: 0, total: 0 };
  let tried: number | undefined;
  const body = (code: 'migrating') =>
    JSON.stringify({ error: { code: wireCodeOf(code), message: t.migrating(state.done, state.total) } });

  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    const health = request.method === 'GET' && (request.url ?? '').split('?')[0] === '/healthz';
    const text = health
      ? JSON.stringify({ ok: false, status: 'migrating', version: VERSION, migration: state })
      : body('migrating');
    response.writeHead(httpStatusOf('migrating'), {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '5',
    });
    response.end(text);
  };
  const onUpgrade = (_request: IncomingMessage, socket: Duplex) => {
    const text = body('migrating');
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
  };

  return {
    async open(config) {
      if (opened) return;
      const host = options.host ?? config.server.host;
      const port = options.port ?? config.server.port;
      assertSafeBind(host, config.server.token, t);
      tried = port;
      const server = createServer(httpServerOptions(config.server), onRequest);
      server.on('upgrade', onUpgrade);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      opened = { server, host, port };
    },
    port: () => {
      const address = opened?.server.address();
      return address && typeof address === 'object' ? address.port : tried;
    },
    progress(step, done, total) {
      state = { step, done, total };
    },
    takeOver() {
      if (!opened) return undefined;
      opened.server.off('request', onRequest);
      opened.server.off('upgrade', onUpgrade);
      const taken = opened;
      opened = undefined;
      return taken;
    },
    async close() {
      const server = opened?.server;
      opened = undefined;
      if (!server) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
