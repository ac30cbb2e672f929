/**
 * The skill registry as configured: examples installed into an empty dir, the probe
 * cache file, and the secrets hidden from probes. The server and the `aibox skills`
 * commands open it the same way, so they share one probe cache with one meaning.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { PRESETS } from '../providers/presets.js';
import { createProbeRunner } from '../safety/sandbox/probe-sandbox.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';
import { SKILLS_CACHE_FILE } from '../skills/cache/probe-cache-file.js';
import { installExamplesIfEmpty } from '../skills/examples.js';
import type { SkillProvenance } from '../skills/provenance.js';
import { createSkillRegistry, type SkillEngine, type SkillLogger } from '../skills/registry.js';
import { SEARCH_DOCS_FILE } from '../skills/search/search-docs-file.js';

/**
 * Variables no child process (probe or command) may see: the configured key variable and
 * the override. Names that merely look like secrets are dropped as well (util/secret-env.ts).
 */
export function secretEnvNames(llm: Config['llm']): string[] {
  return [llm.api_key_env.trim() || PRESETS[llm.provider].keyEnv, 'AIBOX_LLM_API_KEY'].filter(Boolean);
}

interface OpenSkillsOptions {
  paths: DataPaths;
  config: Config;
  lang: Lang;
  env?: NodeJS.ProcessEnv;
  logger?: SkillLogger;
  watch: boolean;
  /** Retry timed-out probes in the background (default: as `watch`, i.e. for the server). */
  retryTimeouts?: boolean;
  /** What start-up found about bubblewrap (probes run in it); asked for on the first probe. */
  sandbox: () => Promise<SandboxStatus>;
  /** The skills' provenance records (who made each, its approved hash). */
  provenance: SkillProvenance;
  /** The config file actually loaded (`--config`), hidden from probes like `paths.config`. */
  configPath?: string;
  /**
   * A person runs this (`aibox skills check`): where no sandbox runs, skills held back for a
   * person's yes are probed on the host.
   */
  personProbes?: boolean;
}

export async function openSkills(options: OpenSkillsOptions): Promise<SkillEngine> {
  const { paths, config, provenance } = options;
  if (config.skills.install_examples) await installExamplesIfEmpty(paths.skills);
  const probeRunner = createProbeRunner({
    sandbox: options.sandbox,
    mode: () => config.safety.mode,
    skillsDir: paths.skills,
    paths: { ...paths, config: options.configPath ?? paths.config },
    home: options.env?.HOME ?? homedir(),
    trustedOnHost: (name, path) => options.personProbes === true || !provenance.needsApproval({ name, path }),
  });
  return createSkillRegistry({
    dir: paths.skills,
    probeTimeoutMs: config.skills.probe_timeout_s * 1000,
    concurrency: config.skills.probe_concurrency,
    secretEnvNames: secretEnvNames(config.llm),
    ...(options.env ? { env: options.env } : {}),
    lang: options.lang,
    ...(options.logger ? { logger: options.logger } : {}),
    watch: options.watch && config.skills.watch,
    cacheFile: join(paths.home, SKILLS_CACHE_FILE),
    searchDocsFile: join(paths.home, SEARCH_DOCS_FILE),
    retryTimeouts: options.retryTimeouts ?? options.watch,
    probeRunner,
    provenance,
    protectedDirs: [paths.home, paths.prompts],
  });
}
