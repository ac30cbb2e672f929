/**
 * The box's MCP client: the servers of `mcp.servers` (none when `enabled` is false), launched in
 * the box's sandbox, sampling with the box's model and budget. The MCP code is loaded only once a
 * server is configured (reconfigurable-mcp.ts). Not started here: the caller calls `start()`.
 */

import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { workspaceDir } from '../config/workspace-dir.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { McpManager } from '../mcp/types.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';
import type { ResultLimiter } from '../tools/result-limit.js';
import { VERSION } from '../version.js';
import { boxMcpLaunch } from './mcp-launch.js';
import { boxMcpSampler } from './mcp-sampler.js';
import { reconfigurableMcp } from './reconfigurable-mcp.js';

export interface BoxMcpOptions {
  /** false: no server is connected, whatever the config says. */
  enabled: boolean;
  /** The config at start, and the live one (reloads included). */
  config: Config;
  liveConfig: () => Config;
  paths: DataPaths;
  sandbox: SandboxStatus;
  env: NodeJS.ProcessEnv;
  lang: Lang;
  logger: Logger;
  limiter: ResultLimiter;
  sampler: Omit<Parameters<typeof boxMcpSampler>[0], 'lang' | 'config'>;
  /** Reconnection back-off (tests use short ones). */
  backoff?: { initialMs: number; maxMs: number };
}

export function openBoxMcp(options: BoxMcpOptions): Promise<McpManager> {
  const { config, liveConfig, paths, lang } = options;
  return reconfigurableMcp(options.enabled ? config.mcp.servers : {}, async (servers) =>
    (await import('../mcp/manager.js')).createMcpManager({
      config,
      servers,
      safety: () => liveConfig().safety,
      home: paths.home,
      trustPath: paths.mcpTrust,
      lang,
      logger: options.logger,
      limiter: options.limiter,
      version: VERSION,
      wrapLaunch: boxMcpLaunch({ config, paths, sandbox: options.sandbox, env: options.env }),
      ...(options.backoff ? { backoff: options.backoff } : {}),
      workspace: workspaceDir(config, paths),
      sampler: boxMcpSampler({ ...options.sampler, lang, config: liveConfig }),
      elicitationTimeoutS: () => liveConfig().mcp.elicitation_timeout_s,
    }),
  );
}
