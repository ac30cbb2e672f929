/**
 * `/mcp`: Aibox as an MCP server over Streamable HTTP on the server's port, behind the same
 * token and Origin check as `/api` (stateless: one SDK server per request, JSON responses).
 */
import { Hono } from 'hono';
import type { AppServices } from '../app/services.js';
import { createAiboxMcpServer, servedToolsOf } from '../mcp-server/create-server.js';
import type { AnyTool } from '../tools/tool.js';

export function createMcpRoute(app: AppServices): Hono {
  const route = new Hono();
  let tools: Promise<AnyTool[]> | undefined;
  route.post('/', async (c) => {
    tools ??= servedToolsOf(app);
    const { WebStandardStreamableHTTPServerTransport } = await import(
      '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
    );
    const server = await createAiboxMcpServer(app, await tools);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
  // Stateless: no server-initiated stream to open and no session to end.
  route.on(['GET', 'DELETE'], '/', (c) =>
    c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }, 405),
  );
  return route;
}
