/**
 * `/mcp`: Aibox as an MCP server over Streamable HTTP on the server's port, behind the same
 * token, Host and Origin checks as `/api` (http-app.ts, on every request of every method).
 *
 * - **Sessions** (docs/mcp.md, "Sessions"): an `initialize` gets an `Mcp-Session-Id` and a server
 *   of its own that lasts (its log level, its resource subscriptions); later POSTs, the GET stream
 *   of server-initiated messages and the ending `DELETE` name it. An unknown, ended or expired id
 *   is a 404, so the client initializes again. Their number and idle time are limited
 *   (`mcp.serve_max_sessions`, `mcp.serve_session_idle_s`; http-sessions.ts).
 * - **Without a session** (a client that sends requests without initializing, as before): one
 *   server per request. A `tools/call` is answered as an SSE stream, so its progress and log
 *   notifications reach the client while it runs; everything else as plain JSON. The request's
 *   server lives until its answer is sent, or until the client goes away (which cancels the call).
 */
import { randomUUID } from 'node:crypto';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppServices } from '../app/services.js';
import {
  createAiboxMcpServer,
  atClose as onServerClose,
  servedLang,
  servedToolsOf,
} from '../mcp-server/create-server.js';
import { createSessionTable, type HttpSession } from '../mcp-server/http-sessions.js';
import { mcpServerMessages } from '../mcp-server/messages.js';
import { shareReads } from '../mcp-server/subscriptions.js';
import type { AnyTool } from '../tools/tool.js';

/** How often a session's subscribed resources are read again by default (as `aibox mcp serve` does). */
const SUBSCRIPTION_INTERVAL_MS = 2000;

interface Session extends HttpSession {
  transport: WebStandardStreamableHTTPServerTransport;
}

function hasMethod(body: unknown, method: string): boolean {
  return (Array.isArray(body) ? body : [body]).some(
    (message) =>
      typeof message === 'object' && message !== null && (message as { method?: unknown }).method === method,
  );
}

/** The body as it is read, calling `done` once when it ends or the reader cancels it. */
function untilDone(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream({
    async pull(controller) {
      const next = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) {
        controller.close();
        done();
      } else controller.enqueue(next.value);
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/** `response`, calling `done` once its body has been sent (or at once when it has none). */
function whenSent(response: Response, done: () => void): Response {
  if (!response.body) {
    done();
    return response;
  }
  return new Response(untilDone(response.body, done), { status: response.status, headers: response.headers });
}

function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const loadTransport = () => import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');

/** `atClose`: where the route puts what ends its sessions when the server closes. */
export function createMcpRoute(
  app: AppServices,
  atClose: Set<() => void>,
  subscriptionIntervalMs = SUBSCRIPTION_INTERVAL_MS,
): Hono {
  const route = new Hono();
  const t = mcpServerMessages(servedLang(app));
  let tools: Promise<AnyTool[]> | undefined;
  // Half the interval: each session's check of a URI within it reads it at most once for all.
  const sharedReads = shareReads(subscriptionIntervalMs / 2);
  const sessions = createSessionTable<Session>(() => ({
    max: app.config.mcp.serve_max_sessions,
    idleMs: app.config.mcp.serve_session_idle_s * 1000,
  }));
  atClose.add(() => sessions.endAll());

  /** The request as read: its body parsed, or (not JSON) given again for the transport to refuse. */
  async function read(c: Context) {
    const raw = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const request =
      parsed === undefined
        ? new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: raw })
        : c.req.raw;
    return { parsed, request, options: parsed === undefined ? undefined : { parsedBody: parsed } };
  }

  /** A request naming a session: answered by its transport, or a 404 when the session is gone. */
  async function inSession(id: string, request: Request, options?: { parsedBody: unknown }) {
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, t.sessionNotFound);
    const done = sessions.use(id);
    try {
      return whenSent(await session.transport.handleRequest(request, options), done);
    } catch (error) {
      done();
      throw error;
    }
  }

  async function startSession(request: Request, options?: { parsedBody: unknown }) {
    tools ??= servedToolsOf(app);
    const { WebStandardStreamableHTTPServerTransport } = await loadTransport();
    const id = randomUUID();
    const server = await createAiboxMcpServer(app, await tools, {
      subscriptionIntervalMs,
      sharedReads,
      skillListChanges: true,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
    });
    await server.connect(transport);
    // However it ends (DELETE, expiry, an error of its transport), it is forgotten: later requests are 404s.
    onServerClose(server, () => sessions.forget(id));
    if (!sessions.add(id, { transport, close: () => server.close() })) {
      await server.close().catch(() => undefined);
      const max = app.config.mcp.serve_max_sessions;
      return rpcError(503, -32000, t.tooManySessions(max), { 'retry-after': '30' });
    }
    const response = await inSession(id, request, options);
    // Not a valid initialize after all (the transport refused it): no session to keep.
    if (transport.sessionId === undefined) sessions.end(id);
    return response;
  }

  async function stateless(request: Request, parsed: unknown, options?: { parsedBody: unknown }) {
    tools ??= servedToolsOf(app);
    const { WebStandardStreamableHTTPServerTransport } = await loadTransport();
    const stream = hasMethod(parsed, 'tools/call');
    const server = await createAiboxMcpServer(app, await tools);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !stream,
    });
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    let response: Response;
    try {
      response = await transport.handleRequest(request, options);
    } catch (error) {
      close();
      throw error;
    }
    if (!stream || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      close();
      return response;
    }
    return whenSent(response, close);
  }

  route.post('/', async (c) => {
    const { parsed, request, options } = await read(c);
    const id = c.req.header('mcp-session-id');
    if (id !== undefined) return inSession(id, request, options);
    if (hasMethod(parsed, 'initialize')) return startSession(request, options);
    return stateless(request, parsed, options);
  });
  // The stream of server-initiated messages belongs to a session; without one there is none.
  route.get('/', (c) => {
    const id = c.req.header('mcp-session-id');
    if (id !== undefined) return inSession(id, c.req.raw);
    return rpcError(405, -32000, 'Method not allowed.', { allow: 'POST' });
  });
  route.delete('/', (c) => {
    const id = c.req.header('mcp-session-id');
    if (id !== undefined) return inSession(id, c.req.raw);
    return rpcError(400, -32000, t.sessionRequired);
  });
  return route;
}
