/**
 * What slash commands may reach: small read-mostly views of a running Aibox, built once from
 * `AppServices` by `commandServicesOf`. A command names the parts it uses
 * (`SlashCommand<'tasks' | 'clock'>`), so neither it nor its test sees the database or the rest.
 */

import type { AppServices } from '../app/services.js';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { ConversationRepo } from '../conversations/conversation-repo.js';
import { createConversationRepo } from '../conversations/conversation-repo.js';
import type { Logger } from '../log/logger.js';
import type { McpManager } from '../mcp/types.js';
import type { MemoryStore, ScopeOfSession } from '../memory/types.js';
import type { ChatProvider } from '../providers/types.js';
import type { Scheduler } from '../scheduler/types.js';
import type { SkillRegistry } from '../skills/types.js';
import type { TaskStore } from '../tasks/types.js';
import type { UsageLedger } from '../usage/ledger.js';
import type { Clock } from '../util/clock.js';

export interface CommandServices {
  clock: Clock;
  logger: Logger;
  /** The effective configuration; `/reload` changes live keys of this object in place. */
  config: Config;
  /** The config file in use (`/config`, `/reload`). */
  configPath: string;
  paths: DataPaths;
  provider: Pick<ChatProvider, 'info'>;
  conversations: Pick<ConversationRepo, 'list'>;
  memory: Pick<MemoryStore, 'recent' | 'search'>;
  /** Whose memories a session sees: a chat's own only, unless it is the owner's. */
  memoryScope: ScopeOfSession;
  tasks: Pick<TaskStore, 'due' | 'list' | 'stats' | 'get' | 'update'>;
  /** Absent when the scheduler is off. */
  scheduler?: Pick<Scheduler, 'nextWakeAt'>;
  skills: Pick<SkillRegistry, 'list' | 'search' | 'reload'>;
  mcp: Pick<McpManager, 'status'>;
  /** Re-reads config.json into the running box (throws its ConfigError, changing nothing). */
  reloadConfig: AppServices['reloadConfig'];
  /** What the models used and cost, and the currency of the prices. */
  usage: Pick<UsageLedger, 'sum' | 'currency' | 'store'>;
}

/** The commands' view of `app` (call once: it prepares the conversation queries). */
export function commandServicesOf(app: AppServices): CommandServices {
  return {
    clock: app.clock,
    logger: app.logger,
    config: app.config,
    configPath: app.configPath,
    paths: app.paths,
    provider: app.provider,
    conversations: createConversationRepo(app.db),
    memory: app.memory,
    memoryScope: app.memoryScope,
    tasks: app.tasks,
    ...(app.scheduler ? { scheduler: app.scheduler } : {}),
    skills: app.skills,
    mcp: app.mcp,
    reloadConfig: () => app.reloadConfig(),
    usage: app.usage,
  };
}
