/** The built-in tool set, in the original Aibox's order (memory tools come from `extraTools`). */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { type DataPaths, expandPath } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { workspaceDir } from '../config/workspace-dir.js';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { type CommandGuard, createCommandGuard } from '../safety/command/command-guard.js';
import { createFileAccess } from '../safety/files/file-access.js';
import { protectedPlaces } from '../safety/protected-paths.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';
import type { SkillMeaning } from '../skills/meaning/skill-vectors.js';
import { openSkillProvenance, type SkillProvenance, skillOfPath } from '../skills/provenance.js';
import type { SkillRegistry } from '../skills/types.js';
import type { Clock } from '../util/clock.js';
import { createCalculatorTool } from './calculator/calculator.js';
import { createPreCheckRunner, type PreCheckRunner } from './command/pre-check.js';
import { createRunCommandTool } from './command/run-command.js';
import { createListFilesTool } from './files/list-files.js';
import { createReadFileTool } from './files/read-file.js';
import { createWriteFileTool } from './files/write-file.js';
import { type ResultLimiter, withResultLimit } from './result-limit.js';
import { createCreateSkillTool } from './skills/create-skill.js';
import { createInstallSkillTool } from './skills/install-skill.js';
import { createReadSkillTool } from './skills/read-skill.js';
import { createReloadSkillsTool } from './skills/reload-skills.js';
import { createSearchSkillsTool } from './skills/search-skills.js';
import { createGetCurrentTimeTool } from './time/get-current-time.js';
import type { AnyTool } from './tool.js';
import { createWebTool } from './web/web.js';

export interface BuiltinToolDeps {
  config: Config;
  paths: DataPaths;
  /** Language of the model-facing descriptions. */
  lang: Lang;
  skills: SkillRegistry;
  clock: Clock;
  /** Environment variables never passed to commands (the LLM key variable, AIBOX_LLM_API_KEY …). */
  secretEnvNames: string[];
  /** The environment commands start from (secrets are removed); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The config file in use when not `paths.config` (`--config`): never readable by the file tools. */
  configPath?: string;
  /** memory, memo, update_identity, update_soul, save_memory_and_end_conversation (owned elsewhere). */
  extraTools?: AnyTool[];
  /** What start-up found about bubblewrap (src/safety/sandbox/sandbox-probe.ts). */
  sandbox: SandboxStatus;
  /** Cuts long results (the app's one limiter, `resultLimiterFromConfig`). */
  limiter: ResultLimiter;
  /** Who made each skill and the hash a person approved; default: the record file in the data dir. */
  provenance?: SkillProvenance;
  /** Skills by meaning too (embeddings on); absent: search_skills ranks by keyword only. */
  skillMeaning?: SkillMeaning;
}

/** The skills dir through its symlinks (write_file reports real paths). */
function realSkillsDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

type GuardDeps = Pick<
  BuiltinToolDeps,
  'config' | 'paths' | 'skills' | 'sandbox' | 'provenance' | 'env' | 'configPath'
>;

/** The command policy and sandbox of the box: run_command's, and a task pre-check's (the same boundary). */
export function boxCommandGuard(deps: GuardDeps & { provenance: SkillProvenance }): CommandGuard {
  const { config, paths } = deps;
  return createCommandGuard({
    safety: config.safety,
    // The config file actually loaded is protected, wherever `--config` put it.
    paths: { ...paths, config: deps.configPath ?? paths.config },
    home: deps.env?.HOME ?? homedir(),
    workspace: workspaceDir(config, paths),
    skills: deps.skills,
    provenance: deps.provenance,
    sandbox: deps.sandbox,
    fileRoots: () => config.safety.file_roots.map((root) => expandPath(root, paths.home)),
  });
}

/** A task's pre-check runner with the box's guard (src/tools/command/pre-check.ts). */
export function boxPreCheckRunner(deps: GuardDeps & { secretEnvNames: string[] }): PreCheckRunner {
  const { config, paths } = deps;
  const provenance = deps.provenance ?? openSkillProvenance(paths.home);
  return createPreCheckRunner({
    guard: boxCommandGuard({ ...deps, provenance }),
    workspace: workspaceDir(config, paths),
    skillsDir: deps.skills.dir,
    secretEnvNames: deps.secretEnvNames,
    ...(deps.env ? { baseEnv: deps.env } : {}),
    enabled: () => config.tools.commands_enabled,
    timeoutMs: () => config.scheduler.pre_check_timeout_s * 1000,
  });
}

export function createBuiltinTools(deps: BuiltinToolDeps): AnyTool[] {
  const { config, paths, lang, skills } = deps;
  const workspace = workspaceDir(config, paths);
  const { limiter } = deps;
  const provenance = deps.provenance ?? openSkillProvenance(paths.home);
  const home = deps.env?.HOME ?? homedir();
  const protectedData = { ...paths, config: deps.configPath ?? paths.config };
  const guard = boxCommandGuard({ ...deps, provenance });
  // Read live: /reload may change safety.* in place.
  const access = createFileAccess({
    workspace,
    roots: () => [skills.dir, ...config.safety.file_roots.map((root) => expandPath(root, paths.home))],
    aibox: { home: paths.home, places: [skills.dir, paths.prompts, protectedData.config] },
    secrets: protectedPlaces(protectedData, home),
    safety: () => config.safety,
  });
  const tools: AnyTool[] = [
    createGetCurrentTimeTool({ lang, clock: deps.clock, timeZone: config.scheduler.timezone }),
    createCalculatorTool({ lang, config: config.tools }),
    createRunCommandTool({
      lang,
      config: config.tools,
      workspace,
      skillsDir: skills.dir,
      secretEnvNames: deps.secretEnvNames,
      limiter,
      guard,
      ...(deps.env ? { baseEnv: deps.env } : {}),
    }),
    createReadFileTool({ lang, workspace, access, maxBytes: () => config.tools.read_file_max_bytes }),
    createWriteFileTool({
      lang,
      workspace,
      access,
      // Whatever the model writes into the skills dir is the model's, even after a person's yes.
      recordWrite: async (real) => {
        const skill = skillOfPath(realSkillsDir(skills.dir), real);
        if (skill) await provenance.record(skill, { source: 'write_file', by: 'model' });
      },
    }),
    createListFilesTool({ lang, workspace, access }),
    createWebTool({ lang, config: config.tools, allowHosts: () => config.safety.web_allow_hosts }),
    ...(deps.extraTools ?? []),
    createReloadSkillsTool({ lang, skills }),
    createInstallSkillTool({ lang, skills, workspace }),
    createCreateSkillTool({ lang, skills }),
    createSearchSkillsTool({ lang, skills, ...(deps.skillMeaning ? { meaning: deps.skillMeaning } : {}) }),
    createReadSkillTool({ lang, skills }),
  ];
  const names = new Set<string>();
  for (const tool of tools) {
    if (names.has(tool.name)) throw new AppError('duplicate_tool', `duplicate tool name: ${tool.name}`);
    names.add(tool.name);
  }
  // Every result the model sees stays within tools.max_result_chars; the full text is kept on disk.
  return tools.map((tool) => withResultLimit(tool, limiter));
}
