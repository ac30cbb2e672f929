import type { McpManager } from '../mcp/types.js';
import type { AnyTool } from '../tools/tool.js';

/**
 * The built-ins plus whatever MCP tools are connected now; the same array while nothing changed.
 * The first turn after start (and after `/reload`) waits for servers still connecting.
 */
export function withMcpTools(
  loadBuiltins: () => Promise<AnyTool[]>,
  mcp: Pick<McpManager, 'tools' | 'ready'>,
): (signal?: AbortSignal) => Promise<AnyTool[]> {
  let lastBuiltins: AnyTool[] | undefined;
  let lastMcp: AnyTool[] = [];
  let combined: AnyTool[] = [];
  return async (signal) => {
    const [builtins] = await Promise.all([loadBuiltins(), mcp.ready(signal)]);
    const current = mcp.tools();
    if (builtins !== lastBuiltins || current !== lastMcp) {
      lastBuiltins = builtins;
      lastMcp = current;
      combined = current.length === 0 ? builtins : [...builtins, ...current];
    }
    return combined;
  };
}
