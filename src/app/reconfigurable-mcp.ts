/**
 * The box's MCP manager whatever `mcp.servers` holds over its life: with none configured at
 * start it is `noMcpServers()` (none of the MCP code loaded), and the first `/reload` that adds a
 * server builds the real manager then. Everything else is passed to the manager of the moment.
 */
import type { McpServerConfig } from '../config/schema.js';
import { noMcpServers } from '../mcp/no-servers.js';
import type { McpManager } from '../mcp/types.js';

type Servers = Readonly<Record<string, McpServerConfig>>;

export async function reconfigurableMcp(
  servers: Servers,
  build: (servers: Servers) => Promise<McpManager>,
): Promise<McpManager> {
  let current = Object.keys(servers).length === 0 ? noMcpServers() : await build(servers);
  let built = Object.keys(servers).length > 0;
  let started = false;
  let closed = false;
  return {
    start() {
      started = true;
      current.start();
    },
    tools: () => current.tools(),
    status: () => current.status(),
    async reconfigure(next) {
      if (closed) return;
      if (built) return current.reconfigure(next);
      if (Object.keys(next).length === 0) return;
      built = true;
      current = await build(next);
      if (started) current.start();
    },
    settled: () => current.settled(),
    ready: (signal) => current.ready(signal),
    holdNextTurn: () => current.holdNextTurn(),
    browse: (name, kind) => current.browse(name, kind),
    close() {
      closed = true;
      return current.close();
    },
  };
}
