/**
 * Everything a running Aibox holds, built once by `createApp` and passed down.
 * No module reaches for a global: it receives what it needs from here.
 */

import type { Database } from 'better-sqlite3';
import type { SenderStore } from '../chats/sender-store.js';
import type { DataPaths } from '../config/paths.js';
import type { ReloadPlan } from '../config/reload-plan.js';
import type { Config } from '../config/schema.js';
import type { Consolidator } from '../consolidation/consolidate.js';
import type { DailyConsolidation } from '../consolidation/daily-job.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { McpManager } from '../mcp/types.js';
import type { MediaServices } from '../media/media-services.js';
import type { MemoryRecall } from '../memory/hybrid/open-recall.js';
import type { MemoryStore, ScopeOfSession } from '../memory/types.js';
import type { ChatProvider } from '../providers/types.js';
import type { ApprovalBroker } from '../safety/approvals/approval-broker.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';
import type { Scheduler } from '../scheduler/types.js';
import type { SessionManager } from '../session/types.js';
import type { SkillMeaning } from '../skills/meaning/skill-vectors.js';
import type { SkillRegistry } from '../skills/types.js';
import type { VectorIndexer } from '../store/vectors/vector-indexer.js';
import type { TaskStore } from '../tasks/types.js';
import type { ResultLimiter } from '../tools/result-limit.js';
import type { AnyTool } from '../tools/tool.js';
import type { UsageLedger } from '../usage/ledger.js';
import type { Clock } from '../util/clock.js';

export interface AppServices {
  version: string;
  config: Config;
  /** Path of the config file in use (for `/reload`). */
  configPath: string;
  paths: DataPaths;
  lang: Lang;
  logger: Logger;
  clock: Clock;
  db: Database;
  skills: SkillRegistry;
  /** Skills by meaning too (embeddings on; docs/skills.md); absent: skill search by keyword only. */
  skillMeaning?: SkillMeaning;
  provider: ChatProvider;
  sessions: SessionManager;
  memory: MemoryStore;
  /** Hybrid search, automatic recall and the embedding backlog (docs/memory-and-tasks.md). */
  memoryRecall: MemoryRecall;
  /** Embeds past conversations' messages; absent when embeddings are off. */
  conversationIndexer?: VectorIndexer;
  tasks: TaskStore;
  /** Whose memories a session sees (`memory-scope.ts`): a chat's own only, unless it is the owner's. */
  memoryScope: ScopeOfSession;
  /**
   * Judges a pre-check (`when`) a person gives a task outside a chat (the page, the API): the
   * command decision of run_command, with nobody to ask, so a command that needs a yes is refused.
   */
  admitPreCheck(command: string, lang: Lang): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Chat senders paired with a code, and the chats they opened (`AIBOX_HOME/channel-senders.json`). */
  senders: SenderStore;
  /**
   * The built-in tools (the MCP server offers some of them to other apps): built, with zod and
   * every tool's code, on the first call (the first turn), not at start; the same array after.
   * `lang`: the tools with their descriptions in that language (the MCP server's, `mcp.serve_lang`);
   * default the box's own.
   */
  builtinTools(lang?: Lang): Promise<AnyTool[]>;
  /** The one limiter of tool results (built-in, MCP and served tools); reads the limit live. */
  resultLimiter: ResultLimiter;
  /** Pictures, uploads and other received files (docs/media.md). */
  media: MediaServices;
  /** The configured MCP servers (none configured: an empty manager that loads nothing). */
  mcp: McpManager;
  /** Requests that wait for a person's yes (docs/safety.md "Approvals"). */
  approvals: ApprovalBroker;
  /** Absent with `--no-scheduler` or `scheduler.enabled: false`. */
  scheduler?: Scheduler;
  /** Memory consolidation: runs by hand (`aibox memory consolidate`, the page), their records, undo. */
  consolidator: Consolidator;
  /** The daily run (`memory.consolidate`); absent when the scheduler is (it is a scheduled job). */
  dailyConsolidation?: DailyConsolidation;
  /** What the models used and cost, and the budgets (docs/usage-and-budgets.md). */
  usage: UsageLedger;
  /** Whether commands run in bubblewrap (shown at start, in /healthz and by `aibox doctor`). */
  sandbox: SandboxStatus;
  startedAt: Date;
  /**
   * Re-reads config.json and applies its live keys to this box (app/config-reloader.ts); throws
   * the file's ConfigError, changing nothing, when it is not valid.
   */
  reloadConfig(): Promise<ReloadPlan>;
}
