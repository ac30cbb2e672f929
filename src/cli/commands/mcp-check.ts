/**
 * `aibox mcp check`: starts each configured server once, the way the box does (in the command
 * sandbox when there is one, src/app/mcp-launch.ts), waits for it to settle, reports, stops.
 */
import { boxMcpLaunch } from '../../app/mcp-launch.js';
import type { CliContext } from '../../config/context.js';
import { workspaceDir } from '../../config/workspace-dir.js';
import { silentLogger } from '../../log/logger.js';
import { createMcpManager } from '../../mcp/manager.js';
import type { McpServerStatus } from '../../mcp/types.js';
import { sandboxNotices } from '../../safety/sandbox/sandbox-notices.js';
import { resolveSandbox } from '../../safety/sandbox/sandbox-probe.js';
import { resultLimiterFromConfig } from '../../tools/result-limit.js';
import { systemClock } from '../../util/clock.js';
import { VERSION } from '../../version.js';

export async function checkMcpServers(
  ctx: CliContext,
  env: NodeJS.ProcessEnv = process.env,
): Promise<McpServerStatus[]> {
  const { config } = ctx.loaded;
  const sandbox = await resolveSandbox(config.safety, ctx.lang);
  // What the box says at start about where its servers run (a required sandbox that is missing throws).
  for (const notice of sandboxNotices(config.safety, sandbox, ctx.lang)) process.stderr.write(`${notice}\n`);
  const manager = createMcpManager({
    config,
    safety: () => config.safety,
    home: ctx.paths.home,
    trustPath: ctx.paths.mcpTrust,
    lang: ctx.lang,
    logger: silentLogger(),
    limiter: resultLimiterFromConfig(config, ctx.paths, systemClock),
    version: VERSION,
    wrapLaunch: boxMcpLaunch({ config, paths: ctx.paths, sandbox, env }),
    workspace: workspaceDir(config, ctx.paths),
  });
  manager.start();
  try {
    await manager.settled();
    return manager.status();
  } finally {
    await manager.close();
  }
}
