/** The tools the model is offered: the built-ins plus the memory and task tools. */
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { MemoryStore } from '../memory/types.js';
import type { SkillRegistry } from '../skills/types.js';
import type { TaskStore } from '../tasks/types.js';
import { createBuiltinTools } from '../tools/builtin.js';
import { createMemoryTools } from '../tools/memory-tools.js';
import type { AnyTool } from '../tools/tool.js';
import type { Clock } from '../util/clock.js';

export interface AppToolsDeps {
  config: Config;
  paths: DataPaths;
  lang: Lang;
  skills: SkillRegistry;
  clock: Clock;
  secretEnvNames: string[];
  env: NodeJS.ProcessEnv;
  memory: MemoryStore;
  tasks: TaskStore;
}

export function createAppTools(deps: AppToolsDeps): AnyTool[] {
  const extraTools = createMemoryTools({
    memory: deps.memory,
    tasks: deps.tasks,
    promptsDir: deps.paths.prompts,
    lang: deps.lang,
    clock: deps.clock,
    defaultTimezone: deps.config.scheduler.timezone,
  });
  return createBuiltinTools({ ...deps, extraTools });
}
