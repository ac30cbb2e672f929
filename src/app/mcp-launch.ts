/**
 * How the box starts its stdio MCP servers: in the command sandbox when there is one
 * (src/mcp/mcp-sandbox.ts), with the box's workspace, skills dir and data dir. The one launch
 * path of `aibox serve` and `aibox mcp check`, so a check runs each server as the box would.
 */
import { homedir } from 'node:os';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { workspaceDir } from '../config/workspace-dir.js';
import type { WrapMcpLaunch } from '../mcp/launch.js';
import { mcpSandboxLaunch } from '../mcp/mcp-sandbox.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';

interface BoxMcpLaunchOptions {
  config: Config;
  paths: DataPaths;
  /** What `resolveSandbox` found at start. */
  sandbox: SandboxStatus;
  /** The box's environment (its HOME is the one the sandbox shows empty). */
  env: NodeJS.ProcessEnv;
}

export function boxMcpLaunch(options: BoxMcpLaunchOptions): WrapMcpLaunch {
  const { config, paths, sandbox, env } = options;
  return mcpSandboxLaunch({
    safety: config.safety,
    sandbox,
    paths,
    home: env.HOME ?? homedir(),
    workspace: workspaceDir(config, paths),
    skillsDir: paths.skills,
  });
}
