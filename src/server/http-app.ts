/**
 * The HTTP side of the one port (hono): `/healthz`, the page's `/api` (behind the
 * same token as the WebSocket), and the built web page from `dist/web/`. The first
 * middleware checks Host and Origin (request-guard.ts) and sets the security headers
 * for every route, also ones added later.
 */
import { existsSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono, type Next } from 'hono';
import type { AppServices } from '../app/services.js';
import { wechatHealth } from '../channels/wechat/wechat-health.js';
import type { ErrorCode } from '../error-codes.js';
import { shownProvider } from '../providers/shown-provider.js';
import { apiErrorResponse } from './api/errors.js';
import { apiMessages } from './api/messages.js';
import { createApiRoutes } from './api/routes.js';
import { bearerToken, tokensEqual } from './auth.js';
import { limitBody } from './body-limit.js';
import { MCP_RESOURCE_METADATA_PATH, mcpChallenge, mcpResourceMetadata } from './mcp-auth-challenge.js';
import { createMcpRoute } from './mcp-route.js';
import { serverMessages } from './messages.js';
import { corsForOpenAi } from './openai/cors.js';
import { openAiMessages } from './openai/messages.js';
import { isOpenAiPath, openAiError } from './openai/openai-error.js';
import { createOpenAiRoutes } from './openai/openai-routes.js';
import type { PersonCredential } from './person-credential.js';
import { guardSettings, refusalFor, refusalMessage } from './request-guard.js';
import { SECURITY_HEADERS } from './security-headers.js';
import type { SignInCodes } from './sign-in-codes.js';
import { mountSignIn } from './sign-in-routes.js';

/** `dist/web` next to the compiled server (`dist/server/..`), else the repo's `dist/web` when running from `src/`. */
function defaultWebRoot(): string {
  const beside = resolve(import.meta.dirname, '../web');
  if (existsSync(join(beside, 'index.html'))) return beside;
  return resolve(import.meta.dirname, '../../dist/web');
}

/** Today's model usage (docs/usage-and-budgets.md): tokens, requests and cost so far. */
function todayUsage(app: AppServices) {
  const sum = app.usage.sum('day');
  return {
    requests: sum.requests,
    total_tokens: sum.total_tokens,
    cost: sum.cost,
    currency: sum.currency,
    estimated: sum.estimated,
  };
}

function healthBody(app: AppServices): Record<string, unknown> {
  const info = app.provider.info;
  return {
    ok: true,
    version: app.version,
    model: {
      configured: info.hasKey || info.keyEnv === '',
      provider: shownProvider(info),
      model: info.model,
    },
    skills: app.skills.list().length,
    mcp: app.mcp.status().map((s) => ({
      name: s.name,
      state: s.state,
      tools: s.tools,
      ...(s.error ? { error: s.error.slice(0, 300) } : {}),
    })),
    // Where commands run: bwrap, off, or unavailable (with bwrap's reason); mode ask/deny/off.
    // What protects the box: where commands run (bwrap and its version), whether they have the
    // network and through what (or why not), and what answers approvals.
    sandbox: {
      kind: app.sandbox.kind,
      mode: app.config.safety.mode,
      network: app.sandbox.network,
      ...(app.sandbox.version ? { version: app.sandbox.version } : {}),
      ...(app.sandbox.stack ? { network_stack: app.sandbox.stack.version } : {}),
      ...(app.sandbox.networkOff ? { network_off: app.sandbox.networkOff } : {}),
      ...(app.sandbox.reason ? { reason: app.sandbox.reason } : {}),
    },
    approvals: { credential: app.config.server.token !== '' ? 'token' : 'client_key' },
    memory: memoryHealth(app),
    usage: { today: todayUsage(app) },
    uptime_s: Math.round((app.clock.now().getTime() - app.startedAt.getTime()) / 1000),
    ...channelHealth(app),
  };
}

/** Channels whose state a person must act on (an expired WeChat login), when any is enabled. */
function channelHealth(app: AppServices): { channels?: Record<string, unknown> } {
  const wechat = wechatHealth(app.config, app.paths.home);
  return wechat ? { channels: { wechat } } : {};
}

/** How memories are searched and, with embeddings on, what is left to embed. */
function memoryHealth(app: AppServices): Record<string, unknown> {
  const { status, indexer } = app.memoryRecall;
  if (!status.enabled || !indexer) {
    return { search: 'keyword', reason: status.enabled ? undefined : status.reason };
  }
  const error = indexer.lastError() ?? app.conversationIndexer?.lastError();
  return {
    search: 'hybrid',
    embeddings: status.model,
    backlog: indexer.recentBacklog(),
    ...(app.conversationIndexer ? { conversation_backlog: app.conversationIndexer.recentBacklog() } : {}),
    ...(error ? { error: error.slice(0, 300) } : {}),
  };
}

function notBuiltPage(app: AppServices): string {
  const text = serverMessages(app.lang).webNotBuilt;
  return `<!doctype html><meta charset="utf-8"><title>Aibox</title><body style="font-family:sans-serif;max-width:40em;margin:3em auto"><h1>Aibox</h1><p>${text}</p></body>`;
}

/** A refusal before any route: in OpenAI's shape under `/v1` (when it is served), else in `/api`'s. */
function edgeError(app: AppServices, c: Context, code: ErrorCode, message: string): Response {
  if (app.config.server.openai_api && isOpenAiPath(c.req.path)) return openAiError(c, code, message);
  return apiErrorResponse(c, code, message);
}

/** Refuses foreign Host/Origin values before any route runs; sets the security headers on every answer. */
function protect(app: AppServices, port: () => number) {
  return async (c: Context, next: Next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    const refusal = refusalFor(
      c.req.header('host'),
      c.req.header('origin'),
      guardSettings(app.config, port()),
    );
    if (refusal) {
      app.logger.warn({ path: c.req.path, ...refusal }, 'request refused: host or origin not allowed');
      const message = refusalMessage(refusal, serverMessages(app.lang));
      return edgeError(app, c, refusal.code, message);
    }
    await next();
  };
}

/** Requires the token (Bearer) when one is configured. */
/** `challenge`: the `WWW-Authenticate` value of the 401 (whether a token was presented). */
function guard(app: AppServices, challenge?: (c: Context, presented: boolean) => string) {
  return async (c: Context, next: Next) => {
    const expected = app.config.server.token;
    if (expected !== '') {
      const presented = bearerToken(c.req.header('authorization'));
      if (presented === undefined || !tokensEqual(presented, expected)) {
        app.logger.warn({ path: c.req.path }, 'api request without a valid token');
        if (challenge) c.header('www-authenticate', challenge(c, presented !== undefined));
        return apiErrorResponse(c, 'unauthorized', serverMessages(app.lang).authFailed);
      }
    }
    await next();
  };
}

/**
 * Without a token, what changes state (`POST`/`PATCH`/`PUT`/`DELETE` under `/api`: installing a
 * skill, a pairing code, tasks …) needs the client key; reading stays open like the WebSocket's.
 */
function requireCredential(app: AppServices, credential: PersonCredential) {
  return async (c: Context, next: Next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !credential.presented(c.req.header('cookie'))) {
      app.logger.warn({ path: c.req.path, method: c.req.method }, 'api change without the client key');
      return apiErrorResponse(c, 'client_key_required', serverMessages(app.lang).apiNeedsCredential);
    }
    await next();
  };
}

interface HttpAppOptions {
  webRoot?: string;
  /** What people's clients present (the page's cookie is set when the page is served). */
  credential: PersonCredential;
  /** The port the server listens on (known once it listens; read per request). */
  port: () => number;
  /** The page's one-time sign-in links (used when `server.token` is set). */
  signIn: SignInCodes;
  /** What the routes end when the server closes (the sessions of `/mcp`). */
  atClose: Set<() => void>;
  /** See StartServerOptions. */
  mcpSubscriptionIntervalMs?: number | undefined;
}

function createHttpApp(app: AppServices, options: HttpAppOptions): Hono {
  const webRoot = options.webRoot ?? defaultWebRoot();
  const http = new Hono();
  const openAi = app.config.server.openai_api;
  http.use('*', protect(app, options.port));
  // Before the body limit, so a browser client can read a 413 too.
  if (openAi)
    http.use(
      '/v1/*',
      corsForOpenAi(() => app.config.server.allowed_origins),
    );
  http.use(
    '*',
    limitBody(
      // Pictures and files people send have their own limit (`media.max_upload_bytes`).
      (c) =>
        c.req.method === 'POST' && c.req.path === '/api/uploads'
          ? app.config.media.max_upload_bytes
          : app.config.server.max_body_bytes,
      (c, max) => edgeError(app, c, 'too_large', serverMessages(app.lang).bodyTooLarge(max)),
    ),
  );
  http.get('/healthz', (c) => {
    c.header('cache-control', 'no-store');
    return c.json(healthBody(app));
  });
  http.use('/api/*', guard(app));
  http.use('/api/*', requireCredential(app, options.credential));
  // `POST /sign-in` is outside /api (how the page gets the token); issuing a link is behind it.
  mountSignIn(http, app, options.signIn);
  http.route('/api', createApiRoutes(app));
  http.use('/mcp', guard(app, mcpChallenge));
  http.get(MCP_RESOURCE_METADATA_PATH, (c) =>
    app.config.server.token === '' ? c.text('Not Found', 404) : mcpResourceMetadata(c),
  );
  http.route('/mcp', createMcpRoute(app, options.atClose, options.mcpSubscriptionIntervalMs));
  if (openAi) http.route('/v1', createOpenAiRoutes(app));

  if (existsSync(webRoot)) {
    http.get(
      '*',
      serveStatic({
        root: webRoot,
        onFound: (path, c) => {
          const immutable = path.includes(`${join(webRoot, 'assets')}`);
          c.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The page is one of people's clients: it gets the client key (never readable by its scripts).
          const cookie = options.credential.pageCookie;
          if (cookie && path.endsWith('.html')) c.header('set-cookie', cookie);
        },
      }),
    );
  }
  http.get('/', (c) => {
    c.header('cache-control', 'no-store');
    return c.html(notBuiltPage(app), 503);
  });
  // A sub-app's own notFound is not used once mounted: unknown `/v1` and `/api` paths are answered
  // here, each in its API's error shape.
  http.notFound((c) => {
    const path = c.req.path;
    if (openAi && isOpenAiPath(path))
      return openAiError(c, 'not_found', openAiMessages(app.lang).notFound(path));
    if (path === '/api' || path.startsWith('/api/'))
      return apiErrorResponse(c, 'not_found', apiMessages(app.lang).notFound(path.slice(0, 200)));
    return c.text('Not Found', 404);
  });
  return http;
}

/** The node:http listener for the routes (the server's own host as the fallback when a request has no Host). */
export function httpRequestListener(
  app: AppServices,
  options: HttpAppOptions & { host: string },
): RequestListener {
  return getRequestListener(createHttpApp(app, options).fetch, { hostname: options.host });
}
