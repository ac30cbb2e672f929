/** `aibox mcp check`: starts each configured server once, waits for it to settle, reports, stops. */
import type { CliContext } from '../../config/context.js';
import { silentLogger } from '../../log/logger.js';
import { createMcpManager } from '../../mcp/manager.js';
import type { McpServerStatus } from '../../mcp/types.js';
import { resultLimiterFromConfig } from '../../tools/result-limit.js';
import { systemClock } from '../../util/clock.js';
import { VERSION } from '../../version.js';

export async function checkMcpServers(ctx: CliContext): Promise<McpServerStatus[]> {
  const { config } = ctx.loaded;
  const manager = createMcpManager({
    config,
    safety: () => config.safety,
    home: ctx.paths.home,
    trustPath: ctx.paths.mcpTrust,
    lang: ctx.lang,
    logger: silentLogger(),
    limiter: resultLimiterFromConfig(config, ctx.paths, systemClock),
    version: VERSION,
  });
  manager.start();
  try {
    await manager.settled();
    return manager.status();
  } finally {
    await manager.close();
  }
}
