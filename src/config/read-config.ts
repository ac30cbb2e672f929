/**
 * config.json for a command: the cached validation when the file is unchanged (config-cache.ts),
 * else a full validation with the schema, which only then is loaded. Same results and errors as
 * loadConfig: created with the defaults on first use, 0600, a broken file throws ConfigError.
 */
import { readFileSync } from 'node:fs';
import { restrictFile } from '../util/private-files.js';
import { readConfigCache, writeConfigCache } from './config-cache.js';
import type { LoadedConfig } from './load.js';

function textOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function readConfig(path: string, cacheFile: string): Promise<LoadedConfig> {
  let text = textOf(path);
  const created = text === undefined;
  if (text === undefined) {
    const { writeDefaultConfig } = await import('./load.js');
    writeDefaultConfig(path);
    text = readFileSync(path, 'utf8');
  }
  restrictFile(path); // it may hold server.token
  const cached = readConfigCache(cacheFile, path, text);
  if (cached) return { ...cached, path, created };
  const { parseConfig, parseConfigJson } = await import('./load.js');
  const validated = parseConfig(parseConfigJson(path, text), path);
  await writeConfigCache(cacheFile, path, text, validated);
  return { ...validated, path, created };
}
