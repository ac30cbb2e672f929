/**
 * The five memory/task tools in the original's order, for `extraTools`:
 * memory, memo, update_identity, update_soul, save_memory_and_end_conversation.
 */
import type { ConversationSearch } from '../../conversations/conversation-search.js';
import type { Lang } from '../../i18n/lang.js';
import type { DedupingSave } from '../../memory/hybrid/dedupe-save.js';
import type { HybridSearch } from '../../memory/hybrid/hybrid-search.js';
import type { MemoryStore, ScopeOfSession } from '../../memory/types.js';
import type { TaskStore } from '../../tasks/types.js';
import type { Clock } from '../../util/clock.js';
import type { PreCheckRunner } from '../command/pre-check.js';
import type { AnyTool } from '../tool.js';
import { createConversationSearchTool } from './conversation-search.js';
import { createMemoryTool } from './memory.js';
import { createSaveMemoryAndEndTool } from './save-memory-and-end.js';
import { createTaskTool } from './task.js';
import { createUpdateIdentityTool } from './update-identity.js';
import { createUpdateSoulTool } from './update-soul.js';

interface MemoryToolsOptions {
  memory: MemoryStore;
  /** Hybrid memory search (keyword only without it). */
  memorySearch?: HybridSearch;
  /** Save that updates a duplicate instead of adding a copy. */
  memorySave?: DedupingSave;
  tasks: TaskStore;
  promptsDir: string;
  lang: Lang;
  clock?: Clock;
  /** config `scheduler.timezone` ('' = the system's). */
  defaultTimezone?: string;
  /** config `scheduler.min_interval_s`. */
  minIntervalS?: number;
  /** Judges the pre-check (`when`) of a task the model creates. */
  preCheck?: PreCheckRunner;
  /** config `scheduler.max_tokens_per_run`. */
  configRunCap?: number;
  /** Whose memories a session sees, and which sessions may write the shared prompt files. */
  scopeOf?: ScopeOfSession;
  /** Past conversations, searchable (absent: no conversation_search). */
  conversationSearch?: ConversationSearch;
}

export function createMemoryTools(options: MemoryToolsOptions): AnyTool[] {
  const { memory, tasks, promptsDir, lang, clock, defaultTimezone, minIntervalS, preCheck } = options;
  const scoped = options.scopeOf ? { scopeOf: options.scopeOf } : {};
  return [
    createMemoryTool({
      memory,
      lang,
      ...scoped,
      ...(options.memorySearch ? { search: options.memorySearch } : {}),
      ...(options.memorySave ? { save: options.memorySave } : {}),
    }),
    createTaskTool({
      tasks,
      lang,
      clock,
      defaultTimezone,
      minIntervalS,
      ...(preCheck ? { preCheck } : {}),
      ...(options.configRunCap !== undefined ? { configRunCap: options.configRunCap } : {}),
    }),
    createUpdateIdentityTool({ promptsDir, lang, clock, ...scoped }),
    createUpdateSoulTool({ promptsDir, lang, clock, ...scoped }),
    createSaveMemoryAndEndTool({
      memory,
      promptsDir,
      lang,
      clock,
      ...scoped,
      ...(options.memorySave ? { save: options.memorySave } : {}),
    }),
    ...(options.conversationSearch
      ? [createConversationSearchTool({ search: options.conversationSearch, lang, ...scoped })]
      : []),
  ];
}
