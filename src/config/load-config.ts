/**
 * The config a command or the server runs with: the file read (config-file.ts), then validated
 * (validate-config.ts), or, when a cache file is given and holds the validation of this very text,
 * taken from it without loading the schema (config-cache.ts). Either way the same result, and a
 * broken file is the same ConfigError naming every bad key.
 */
import { readConfigCache, writeConfigCache } from './config-cache.js';
import { readConfigFile } from './config-file.js';
import type { ValidatedConfig } from './validate-config.js';

export interface LoadedConfig extends ValidatedConfig {
  path: string;
  /** True when this call wrote a fresh config.json with the defaults. */
  created: boolean;
}

interface LoadConfigOptions {
  /** `AIBOX_HOME/.config-cache.json` (`configCachePath`); without it the text is always validated. */
  cacheFile?: string;
}

export async function loadConfig(path: string, options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const { text, created } = await readConfigFile(path);
  const { cacheFile } = options;
  const cached = cacheFile === undefined ? undefined : readConfigCache(cacheFile, path, text);
  if (cached) return { ...cached, path, created };
  const { validateConfigText } = await import('./validate-config.js');
  const validated = validateConfigText(path, text);
  if (cacheFile !== undefined) await writeConfigCache(cacheFile, path, text, validated);
  return { ...validated, path, created };
}
