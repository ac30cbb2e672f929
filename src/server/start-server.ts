/**
 * `startServer(app, { host, port })`: one port for the page, `/api`, `/healthz`
 * and the WebSocket protocol. Refuses a non-loopback address without a token.
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppServices } from '../app/services.js';
import { postTaskResults } from '../channels/bridge/task-notices.js';
import { anyChannelConfigured } from '../channels/channel-config.js';
import type { RunningChannels, StartChannelsOptions } from '../channels/start-channels.js';
import { ensureClientKey } from '../config/client-key.js';
import { wireCodeOf } from '../error-codes.js';
import { createDefaultCommandRegistry } from '../slash-commands/index.js';
import type { CommandRegistry } from '../slash-commands/registry.js';
import { commandServicesOf } from '../slash-commands/services.js';
import { apiMessages } from './api/messages.js';
import { forwardAppEvents } from './app-events.js';
import { assertSafeBind } from './auth.js';
import { createHub } from './broadcast.js';
import { type ConnectionLimiter, limitConnections } from './connection-limits.js';
import type { ParserLoader } from './frame-queue.js';
import { lazyRequestListener } from './lazy-listener.js';
import { serverMessages } from './messages.js';
import { httpServerOptions } from './migrating-listener.js';
import { personCredential } from './person-credential.js';
import { createSignInCodes, signInLink } from './sign-in-codes.js';
import { attachWebSocket } from './ws-server.js';

export interface StartServerOptions {
  host: string;
  port: number;
  webRoot?: string;
  commands?: CommandRegistry;
  authTimeoutMs?: number;
  heartbeatMs?: number;
  /** How often `/mcp` sessions read their subscribed resources again (tests shorten it; default 2 s). */
  mcpSubscriptionIntervalMs?: number;
  /** Where the client frame parser comes from (tests hold its load to see frames wait for it). */
  clientFrameParser?: ParserLoader;
  /** Channel settings for tests (polling, back-off, env); channels start when configured. */
  channels?: StartChannelsOptions;
  /** The port already open on `host:port` while the box migrated (migrating-listener.ts): taken over, not opened again. */
  listening?: Server;
}

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  readonly clients: number;
  /** The connection caps' counters (open, refused, evicted). */
  readonly connections: ConnectionLimiter;
  /** A one-time link that signs the page in (`sign-in-codes.ts`); undefined without `server.token`. */
  signInLink(): string | undefined;
  /** Stops accepting, says goodbye to every client (1001) and closes the port. Does not close `app`. */
  close(): Promise<void>;
}

export async function startServer(app: AppServices, options: StartServerOptions): Promise<RunningServer> {
  const t = serverMessages(app.lang);
  assertSafeBind(options.host, app.config.server.token, t);
  const hub = createHub({
    sessions: app.sessions,
    t,
    logger: app.logger,
    approvals: app.approvals,
    timeZone: app.config.scheduler.timezone || undefined,
  });
  const commands = options.commands ?? createDefaultCommandRegistry(commandServicesOf(app));
  // Made even with a token, so removing the token later needs no restart of the page's cookie.
  const credential = personCredential(
    () => app.config.server.token,
    await ensureClientKey(app.paths.clientKey),
  );
  let listeningPort = 0;
  const signIn = createSignInCodes();
  const atClose = new Set<() => void>();
  // The HTTP routes load on the first HTTP request: the WebSocket path does not need them.
  const listener = lazyRequestListener(
    async () => {
      const { httpRequestListener } = await import('./http-app.js');
      return httpRequestListener(app, {
        webRoot: options.webRoot,
        port: () => listeningPort,
        host: options.host,
        credential,
        signIn,
        atClose,
        mcpSubscriptionIntervalMs: options.mcpSubscriptionIntervalMs,
      });
    },
    (error) => {
      app.logger.error({ err: error }, 'could not load the HTTP routes');
      // The API's error shape (api/errors.ts, which loads zod, is part of what failed to load).
      return JSON.stringify({
        error: { code: wireCodeOf('internal'), message: apiMessages(app.lang).internal },
      });
    },
  );
  // Timeouts are checked every second (Node's default is 30 s, too slow against a slowloris).
  const server = options.listening ?? createServer(httpServerOptions(app.config.server));
  server.on('request', listener);
  const limiter = limitConnections(
    server,
    () => ({ max: app.config.server.max_connections, perPeer: app.config.server.max_connections_per_peer }),
    () => t.tooManyConnections,
  );
  if (!options.listening)
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolvePromise();
      });
    });
  listeningPort = (server.address() as AddressInfo).port;
  const ws = attachWebSocket(server, {
    app,
    port: listeningPort,
    credential,
    hub,
    commands,
    t,
    authTimeoutMs: options.authTimeoutMs,
    heartbeatMs: options.heartbeatMs,
    clientFrameParser: options.clientFrameParser,
  });
  const stopForwarding = forwardAppEvents(app, hub);
  const channels = await startConfiguredChannels(app, commands, options.channels);

  const port = listeningPort;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  app.logger.info({ host: options.host, port }, 'server listening');
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    host: options.host,
    port,
    get clients() {
      return ws.clients;
    },
    connections: limiter,
    signInLink() {
      if (app.config.server.token === '') return undefined;
      // A wildcard address is reached on loopback from this machine.
      const reach = ['0.0.0.0', '::'].includes(options.host) ? '127.0.0.1' : shownHost;
      return signInLink(`http://${reach}:${port}`, signIn.issue().code);
    },
    close() {
      const stopChannels = channels?.close();
      closing ??= new Promise<void>((resolveClose) => {
        stopForwarding();
        ws.close();
        hub.close();
        for (const close of atClose) close();
        server.close(() => resolveClose());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }).then(() => stopChannels);
      return closing;
    },
  };
}

/** Chat channels (Telegram …), loaded only when one is configured: a box without them loads none of it. */
async function startConfiguredChannels(
  app: AppServices,
  commands: CommandRegistry,
  options: StartChannelsOptions = {},
): Promise<RunningChannels | undefined> {
  if (!anyChannelConfigured(app.config, options.env ?? process.env)) {
    // No channel runs, yet a task may name a chat: its results are logged as not posted (and kept).
    const bridges = new Map<string, never>();
    const stop = postTaskResults({
      app,
      bridges,
      env: options.env ?? process.env,
      logger: app.logger.child({ module: 'channels' }),
    });
    return { bridges, close: async () => stop() };
  }
  const { startChannels } = await import('../channels/start-channels.js');
  return startChannels(app, commands, options);
}
