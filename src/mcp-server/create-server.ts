/**
 * Aibox as an MCP server (low-level SDK `Server`, loaded on first use): lists the served tools
 * with their JSON Schemas and runs them with the same argument checks as the agent loop. Used by
 * `aibox mcp serve` (stdio) and by `/mcp` (Streamable HTTP) on the server's port.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
import { toolParametersSchema } from '../agent/tool-specs.js';
import type { AppServices } from '../app/services.js';
import { describeError } from '../errors.js';
import { withResultLimit } from '../tools/result-limit.js';
import type { AnyTool } from '../tools/tool.js';
import { mcpServerMessages } from './messages.js';
import { createServedTools } from './served-tools.js';

/** The served tools, size-limited like every tool result. */
export async function servedToolsOf(app: AppServices): Promise<AnyTool[]> {
  const byName = new Map((await app.builtinTools()).map((tool) => [tool.name, tool]));
  return createServedTools({ app, builtin: (name) => byName.get(name) }).map((tool) =>
    withResultLimit(tool, app.resultLimiter),
  );
}

export async function createAiboxMcpServer(app: AppServices, tools: AnyTool[]): Promise<Server> {
  const [{ Server }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server({ name: 'aibox', version: app.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: toolParametersSchema(tool.parameters) as { type: 'object' },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const t = mcpServerMessages(app.lang);
    const text = (content: string, isError: boolean) => ({
      content: [{ type: 'text' as const, text: content }],
      isError,
    });
    const tool = byName.get(request.params.name);
    if (!tool) return text(t.unknownTool(request.params.name), true);
    const args = tool.parameters.safeParse(request.params.arguments ?? {});
    if (!args.success) return text(t.invalidArgs(tool.name, z.prettifyError(args.error)), true);
    const id = String(extra.requestId);
    try {
      // Nobody can be asked from here (no requestApproval): whatever needs a person's yes is refused.
      const result = await tool.execute(args.data, {
        signal: extra.signal,
        output: () => undefined,
        sessionId: 'mcp',
        turnId: `mcp-${id}`,
        callId: id,
        lang: app.lang,
      });
      return { ...text(result.content, !result.ok), ...(result.meta ? { _meta: result.meta } : {}) };
    } catch (error) {
      return text(describeError(error), true);
    }
  });
  return server;
}
