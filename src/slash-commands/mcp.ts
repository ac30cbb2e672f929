import { mcpStatusLines } from '../mcp/status-lines.js';
import type { SlashCommand } from './types.js';

/** `/mcp`: the configured MCP servers with status, tool count and why one is not connected. */
export const mcpCommand: SlashCommand<'mcp'> = {
  name: 'mcp',
  help: { zh: 'MCP 服务器状态、工具数与错误', en: 'MCP servers: status, tool count, errors' },
  async run({ services, lang }) {
    const servers = services.mcp.status();
    return { content: mcpStatusLines(servers, lang).join('\n'), data: { servers } };
  },
};
