/**
 * Re-reading config.json into a running box (`/reload`, the Settings tab, `aibox config reload`):
 * the file validated (a broken one throws its ConfigError and changes nothing), every live key
 * set by its full path (config/reload-plan.ts), and the keys whose change needs an action taken
 * here: the logger's level, the model (`llm.*`: a new provider), the MCP servers (new ones
 * connect, removed ones close).
 * Loaded on the first reload: it brings the schema (zod).
 */
import { loadConfig } from '../config/load-config.js';
import { applyLiveKeys, type ReloadPlan } from '../config/reload-plan.js';
import type { AppServices } from './services.js';

export type ReloadTarget = Pick<AppServices, 'config' | 'configPath' | 'logger' | 'mcp'>;

export interface ReloadHooks {
  /** A key of `llm` changed: the box's provider is rebuilt from `config.llm`. */
  llmChanged?(): void;
}

/** Throws ConfigError for a file that is not valid; then nothing was changed. */
export async function reloadConfigInto(app: ReloadTarget, hooks: ReloadHooks = {}): Promise<ReloadPlan> {
  const fresh = (await loadConfig(app.configPath)).config;
  const plan = applyLiveKeys(app.config, fresh);
  // Whatever changed, the next turn waits for MCP servers still connecting (as after start).
  app.mcp.holdNextTurn();
  if (plan.applied.includes('log.level')) app.logger.level = app.config.log.level;
  if (plan.applied.some((key) => key.startsWith('llm.'))) hooks.llmChanged?.();
  if (plan.applied.includes('mcp.servers')) {
    await app.mcp.reconfigure(app.config.mcp.servers);
    app.mcp.holdNextTurn();
  }
  if (plan.applied.length > 0 || plan.restart.length > 0) app.logger.info(plan, 'config reloaded');
  return plan;
}
