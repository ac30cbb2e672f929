import { prepareDataDir } from '../config/data-dir.js';
import { type LoadedConfig, loadConfig } from '../config/load.js';
import { type DataPaths, dataPaths, expandPath, resolveHome } from '../config/paths.js';
import { detectLang, type Lang } from '../i18n/lang.js';

/** Global options every command accepts (declared on the root program). */
export interface GlobalOptions {
  config?: string;
  lang?: string;
}

/** The `--lang` value of a raw argv, for text printed before commander has parsed it (help, errors). */
export function langFlagOf(argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf('--lang');
  return at < 0 ? undefined : argv[at + 1];
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
 * first use; a broken one throws ConfigError) and the language.
 */
export function resolveCliContext(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): CliContext {
  const home = resolveHome(env);
  const configPath = options.config ? expandPath(options.config, process.cwd()) : dataPaths(home).config;
  const loaded = loadConfig(configPath);
  const paths = dataPaths(home, {
    skillsDir: loaded.config.skills.dir || undefined,
    promptsDir: loaded.config.prompts_dir || undefined,
  });
  const homeTightened = prepareDataDir(paths);
  const lang = detectLang({ flag: options.lang, env, config: loaded.config.lang || undefined });
  return { paths, loaded, lang, homeTightened };
}
