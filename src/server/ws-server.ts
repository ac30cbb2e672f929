/**
 * The WebSocket side of the one port: upgrade (path, Origin, auth checked
 * before or right after accepting), connection lifecycle and frame parsing.
 * Oversize frames are closed with 1009 by `ws` itself (`maxPayload`).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { AppServices } from '../app/services.js';
import { errorFrame } from '../error-frame.js';
import { describeError } from '../errors.js';
import { SESSION_ID, SUBPROTOCOL } from '../protocol/frames.js';
import type { CommandRegistry } from '../slash-commands/registry.js';
import { randomId } from '../util/ids.js';
import { hasTokenInUrl, peerOf, tokensEqual, upgradeToken } from './auth.js';
import type { Hub } from './broadcast.js';
import {
  CLOSE_AUTH,
  CLOSE_GOING_AWAY,
  CLOSE_TRY_AGAIN,
  type Connection,
  createConnection,
} from './connection.js';
import { dispatchSafely, limitErrorFrame } from './dispatch.js';
import { createFrameQueue, type ParserLoader } from './frame-queue.js';
import type { ServerMessages } from './messages.js';
import type { PersonCredential } from './person-credential.js';
import { guardSettings, refusalFor, refusalMessage } from './request-guard.js';
import { rejectUpgrade } from './upgrade-reject.js';
import { welcomeFrames } from './welcome.js';

interface WsOptions {
  app: AppServices;
  hub: Hub;
  commands: CommandRegistry;
  t: ServerMessages;
  /** The port the server listens on (for the Host check). */
  port: number;
  /** What a client must present to answer approvals. */
  credential: PersonCredential;
  /** How long a client may take to send its `auth` frame (docs/protocol.md, "Connecting": 5 s). */
  authTimeoutMs?: number;
  /** Server-side keepalive ping interval; 0 disables. */
  heartbeatMs?: number;
  /** Default: the box's one lazily loaded parser. */
  clientFrameParser?: ParserLoader;
}

const WS_PATHS = new Set(['/', '/ws']);

function sessionFromUrl(url: string | undefined): string {
  const query = (url ?? '').split('?')[1];
  const value = query ? new URLSearchParams(query).get('session') : null;
  return value && SESSION_ID.test(value) ? value : 'main';
}

export function attachWebSocket(
  server: Server,
  options: WsOptions,
): { close(): void; readonly clients: number } {
  const { app, hub, t } = options;
  const logger = app.logger.child({ module: 'ws' });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: app.config.server.max_frame_bytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });
  const alive = new WeakMap<WebSocket, boolean>();

  const welcome = (conn: Connection) => {
    conn.authenticated = true;
    try {
      hub.attach(conn, conn.defaultSession, { replayApprovals: false });
    } catch (error) {
      const refusal = limitErrorFrame(error);
      if (!refusal) throw error;
      conn.send(refusal);
      conn.close(CLOSE_TRY_AGAIN, 'too many sessions');
      return;
    }
    for (const frame of welcomeFrames(app, conn.defaultSession, conn.structured)) conn.send(frame);
    hub.replayApprovals(conn, conn.defaultSession); // after `history`, so a client can place them
  };

  const onConnection = (ws: WebSocket, req: IncomingMessage) => {
    const peer = peerOf(req);
    const conn = createConnection({
      id: randomId('conn'),
      ws,
      peer,
      defaultSession: sessionFromUrl(req.url),
      maxBufferedBytes: () => app.config.server.max_buffered_bytes,
      slowReason: t.slowClient,
      logger,
    });
    conn.canApprove = options.credential.presented(req.headers.cookie);
    alive.set(ws, true);
    hub.add(conn);
    logger.info({ peer, path: (req.url ?? '/').split('?')[0], clients: hub.size }, 'client connected');
    ws.on('pong', () => alive.set(ws, true));
    ws.on('error', (error) => logger.debug({ peer, err: error }, 'socket error'));

    const expected = app.config.server.token;
    let authTimer: NodeJS.Timeout | undefined;
    const refuse = (reason: string) => {
      logger.warn({ peer }, 'authentication failed');
      conn.close(CLOSE_AUTH, reason);
    };
    ws.on('close', (code) => {
      clearTimeout(authTimer);
      hub.remove(conn);
      logger.info({ peer, code, clients: hub.size }, 'client disconnected');
    });

    if (hasTokenInUrl(req.url)) return refuse(t.tokenInUrl);
    if (expected === '') welcome(conn);
    else {
      const presented = upgradeToken(req);
      if (presented !== undefined) {
        if (!tokensEqual(presented, expected)) return refuse(t.authFailed);
        welcome(conn);
      } else {
        authTimer = setTimeout(() => refuse(t.authTimeout), options.authTimeoutMs ?? 5000);
      }
    }

    const inOrder = createFrameQueue((error) => {
      logger.error({ err: error, peer }, 'client frame failed');
      if (ws.readyState !== WebSocket.OPEN) return;
      if (conn.authenticated) conn.send(errorFrame('internal', t.internal(describeError(error))));
      else conn.close(CLOSE_TRY_AGAIN, t.internal(describeError(error)));
    }, options.clientFrameParser);
    ws.on('message', (data: RawData, isBinary: boolean) =>
      inOrder((parseClientFrame) => {
        // A frame that waited for the parser while the socket closed: the hub has let go of this
        // connection, and an `auth` or `hello` handled now would attach it again, for ever.
        if (ws.readyState !== WebSocket.OPEN) return;
        if (isBinary) {
          if (!conn.authenticated) return refuse(t.authFailed);
          conn.send(errorFrame('bad_request', t.binary));
          return;
        }
        const parsed = parseClientFrame(data.toString(), t);
        if (!conn.authenticated) {
          clearTimeout(authTimer);
          if (parsed.ok && parsed.frame.type === 'auth' && tokensEqual(parsed.frame.token, expected))
            welcome(conn);
          else refuse(t.authFailed);
          return;
        }
        if (!parsed.ok) {
          conn.send(errorFrame('bad_request', parsed.error));
          return;
        }
        dispatchSafely(options, conn, parsed.frame);
      }),
    );
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const refusal = refusalFor(req.headers.host, req.headers.origin, guardSettings(app.config, options.port));
    if (refusal) {
      const why = refusalMessage(refusal, t);
      logger.warn({ peer: peerOf(req), ...refusal }, `upgrade refused: ${why}`);
      return rejectUpgrade(socket, refusal.code, why);
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!WS_PATHS.has(path)) return rejectUpgrade(socket, 'not_found', t.wsPath);
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  });

  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const heartbeat =
    heartbeatMs > 0
      ? setInterval(() => {
          for (const ws of wss.clients) {
            if (alive.get(ws) === false) {
              ws.terminate();
              continue;
            }
            alive.set(ws, false);
            ws.ping();
          }
        }, heartbeatMs).unref()
      : undefined;

  return {
    close() {
      clearInterval(heartbeat);
      for (const conn of hub.connections()) conn.close(CLOSE_GOING_AWAY, t.shuttingDown);
      for (const ws of wss.clients) if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      wss.close();
    },
    get clients() {
      return wss.clients.size;
    },
  };
}
