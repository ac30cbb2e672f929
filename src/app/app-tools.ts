/** The tools the model is offered: the built-ins plus the memory and task tools. */
import type { ConversationSearch } from '../conversations/conversation-search.js';
import type { DedupingSave } from '../memory/hybrid/dedupe-save.js';
import type { HybridSearch } from '../memory/hybrid/hybrid-search.js';
import type { MemoryStore, ScopeOfSession } from '../memory/types.js';
import type { TaskStore } from '../tasks/types.js';
import { type BuiltinToolDeps, boxPreCheckRunner, createBuiltinTools } from '../tools/builtin.js';
import type { PreCheckRunner } from '../tools/command/pre-check.js';
import { createMemoryTools } from '../tools/memory/memory-tools.js';
import type { AnyTool } from '../tools/tool.js';

/** The built-ins' deps (the memory and task tools are made here, not passed in), plus their stores. */
export type AppToolsDeps = Omit<BuiltinToolDeps, 'extraTools' | 'env'> & {
  env: NodeJS.ProcessEnv;
  memory: MemoryStore;
  memorySearch: HybridSearch;
  memorySave: DedupingSave;
  tasks: TaskStore;
  /** Judges the pre-check of a task the model creates (`createAppPreCheck`). */
  preCheck: PreCheckRunner;
  /** Whose memories a session sees (`memory-scope.ts`). */
  memoryScope: ScopeOfSession;
  conversationSearch: ConversationSearch;
};

/** Tasks' pre-checks, behind the same command decision and sandbox as run_command. */
export function createAppPreCheck(deps: Parameters<typeof boxPreCheckRunner>[0]): PreCheckRunner {
  return boxPreCheckRunner(deps);
}

export function createAppTools(deps: AppToolsDeps): AnyTool[] {
  const extraTools = createMemoryTools({
    memory: deps.memory,
    memorySearch: deps.memorySearch,
    memorySave: deps.memorySave,
    tasks: deps.tasks,
    promptsDir: deps.paths.prompts,
    lang: deps.lang,
    clock: deps.clock,
    defaultTimezone: deps.config.scheduler.timezone,
    minIntervalS: deps.config.scheduler.min_interval_s,
    configRunCap: deps.config.scheduler.max_tokens_per_run,
    preCheck: deps.preCheck,
    scopeOf: deps.memoryScope,
    conversationSearch: deps.conversationSearch,
  });
  return createBuiltinTools({ ...deps, extraTools });
}
