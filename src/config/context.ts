/**
 * What every entry point (the CLI commands, the server's app) starts from: the data home,
 * config.json and the language.
 */

import { detectLang, type Lang } from '../i18n/lang.js';
import { configCachePath } from './config-cache.js';
import { prepareDataDir } from './data-dir.js';
import { type LoadedConfig, loadConfig } from './load-config.js';
import { type DataPaths, dataPaths, expandPath, resolveHome } from './paths.js';

/** The `--config` and `--lang` choices, when given. */
export interface ContextOptions {
  config?: string;
  lang?: string;
}

export interface CliContext {
  paths: DataPaths;
  loaded: LoadedConfig;
  lang: Lang;
  /** The home was readable by others and has just been made 0700. */
  homeTightened: boolean;
}

/**
 * Loads what every command needs: AIBOX_HOME, config.json (created with defaults on
 * first use; a broken one throws ConfigError; validated once per change, see config-cache.ts)
 * and the language.
 */
export async function resolveCliContext(
  options: ContextOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CliContext> {
  const home = resolveHome(env);
  const configPath = options.config ? expandPath(options.config, process.cwd()) : dataPaths(home).config;
  const loaded = await loadConfig(configPath, { cacheFile: configCachePath(home) });
  const paths = dataPaths(home, {
    skillsDir: loaded.config.skills.dir || undefined,
    promptsDir: loaded.config.prompts_dir || undefined,
  });
  const homeTightened = prepareDataDir(paths);
  const lang = detectLang({ flag: options.lang, env, config: loaded.config.lang || undefined });
  return { paths, loaded, lang, homeTightened };
}
