/** The MCP manager of a box with no `mcp.servers`: nothing to connect, so none of the MCP code is loaded. */
import type { McpManager } from './types.js';

export function noMcpServers(): McpManager {
  return {
    start() {},
    tools: () => [],
    status: () => [],
    // A box that gains servers builds the real manager (app/reconfigurable-mcp.ts).
    reconfigure: async () => {},
    settled: async () => {},
    ready: async () => {},
    holdNextTurn() {},
    browse: async () => undefined,
    close: async () => {},
  };
}
