/**
 * Model-facing names of MCP tools: `server__tool`, within what OpenAI-compatible APIs
 * accept for a function name (`^[A-Za-z0-9_-]{1,64}$`).
 */
const MCP_NAME_SEPARATOR = '__';
const MAX_FUNCTION_NAME = 64;

/** `null` when the server's tool name cannot be expressed (the tool is then disabled with a reason). */
export function qualifiedToolName(server: string, tool: string): string | null {
  const name = `${server}${MCP_NAME_SEPARATOR}${tool}`;
  if (!/^[A-Za-z0-9_-]+$/.test(tool) || name.length > MAX_FUNCTION_NAME) return null;
  return name;
}
