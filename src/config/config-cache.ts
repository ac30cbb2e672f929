/**
 * The last config file that passed validation, kept with what validation made of it:
 * `AIBOX_HOME/.config-cache.json` (0600, protected from the model like config.json: it holds the
 * same secrets). A command whose config file has the same path and the same text, read by the same
 * program, takes the recorded result instead of loading zod and the schema (most of the start-up
 * time of a command that only reads). Anything else — another text, path, version or build, a
 * missing or bad cache, one not ours alone — means a full validation, so a broken config gets the same clear error.
 */
import { closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from '../version.js';
import type { ValidatedConfig } from './validate-config.js';

export const CONFIG_CACHE_FILE = '.config-cache.json';

interface CacheRecord extends ValidatedConfig {
  program: string;
  path: string;
  text: string;
}

export function configCachePath(home: string): string {
  return join(home, CONFIG_CACHE_FILE);
}

/**
 * The program that validated: its version and the identity of the build's entry file, which every
 * build or install rewrites (a schema change without a version bump still misses the cache). The
 * entry `dist/cli/main.js` is one folder up from every built copy of this module (dist/chunks/ for
 * the program's bundle, dist/quick/ for the quick commands' own, dist/config/), so both bundles
 * share the cache; run from source (no main.js there), this module's own file.
 */
function programIdentity(): string {
  const file =
    statSync(join(import.meta.dirname, '../cli/main.js'), { throwIfNoEntry: false }) ??
    statSync(fileURLToPath(import.meta.url), { throwIfNoEntry: false });
  return `${VERSION}:${file?.size}:${file?.mtimeMs}`;
}

/**
 * The cache's text when only this user could have written it: owned by us, no access for group or
 * others (as writeConfigCache leaves it). Anyone else's file could hold a config never validated.
 */
function ownPrivateText(cacheFile: string): string | undefined {
  const fd = openSync(cacheFile, 'r');
  try {
    const { uid, mode } = fstatSync(fd);
    if ((process.getuid && uid !== process.getuid()) || (mode & 0o077) !== 0) return undefined;
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** The recorded validation of `text` read from `path`, or undefined (never throws). */
export function readConfigCache(cacheFile: string, path: string, text: string): ValidatedConfig | undefined {
  try {
    const own = ownPrivateText(cacheFile);
    if (own === undefined) return undefined;
    const record = JSON.parse(own) as Partial<CacheRecord>;
    if (record.path !== path || record.text !== text || record.program !== programIdentity())
      return undefined;
    if (typeof record.config !== 'object' || record.config === null || !Array.isArray(record.legacy))
      return undefined;
    return { config: record.config, legacy: record.legacy };
  } catch {
    return undefined;
  }
}

/** Records a validation; best effort (a read-only home just means no cache), atomic when it writes. */
export async function writeConfigCache(
  cacheFile: string,
  path: string,
  text: string,
  validated: ValidatedConfig,
): Promise<void> {
  const record: CacheRecord = { program: programIdentity(), path, text, ...validated };
  try {
    const { writeFileAtomicSync } = await import('../util/atomic-write.js');
    writeFileAtomicSync(cacheFile, `${JSON.stringify(record)}\n`, 0o600);
  } catch {
    // Not writable: every command validates in full, as before.
  }
}
