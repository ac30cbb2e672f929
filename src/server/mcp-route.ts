/**
 * `/mcp`: Aibox as an MCP server over Streamable HTTP on the server's port, behind the same
 * token and Origin check as `/api` (stateless: one SDK server per request). A `tools/call` is
 * answered as an SSE stream, so its progress and log notifications reach the client while it
 * runs; everything else as plain JSON. The request's server lives until its answer is sent, or
 * until the client goes away (which cancels the call).
 */
import { Hono } from 'hono';
import type { AppServices } from '../app/services.js';
import { createAiboxMcpServer, servedToolsOf } from '../mcp-server/create-server.js';
import type { AnyTool } from '../tools/tool.js';

function isToolCall(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) =>
      typeof message === 'object' &&
      message !== null &&
      (message as { method?: unknown }).method === 'tools/call',
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

export function createMcpRoute(app: AppServices): Hono {
  const route = new Hono();
  let tools: Promise<AnyTool[]> | undefined;
  route.post('/', async (c) => {
    tools ??= servedToolsOf(app);
    const { WebStandardStreamableHTTPServerTransport } = await import(
      '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
    );
    const raw = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const stream = isToolCall(parsed);
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
    // Not JSON: the transport reads the body itself and answers with the parse error.
    const request =
      parsed === undefined
        ? new Request(c.req.raw.url, { method: 'POST', headers: c.req.raw.headers, body: raw })
        : c.req.raw;
    let response: Response;
    try {
      response = await transport.handleRequest(
        request,
        parsed === undefined ? undefined : { parsedBody: parsed },
      );
    } catch (error) {
      close();
      throw error;
    }
    if (!stream || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
      close();
      return response;
    }
    return new Response(untilDone(response.body, close), {
      status: response.status,
      headers: response.headers,
    });
  });
  // Stateless: no server-initiated stream to open and no session to end.
  route.on(['GET', 'DELETE'], '/', (c) =>
    c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, 405),
  );
  return route;
}
