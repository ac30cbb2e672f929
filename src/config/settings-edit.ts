/**
 * Writing keys into config.json by their dotted names (the page's Settings tab, `aibox config
 * set`): each name must be a key of the schema (else "did you mean"), each value replaces that key
 * whole (`null`: back to its default, the key leaves the file), the result is validated as the
 * loader would, and only then the file is replaced atomically, 0600 (it may now hold a key). On
 * any problem a ConfigError names each key and the file is not touched. The user's other keys,
 * their order and the file's indentation are kept.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { nearestWord } from '../util/edit-distance.js';
import { PRIVATE_FILE_MODE } from '../util/private-files.js';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { configKeys, isSecretPath } from './config-keys.js';
import { setLeaf, valueAt } from './config-leaves.js';
import { unknownKey } from './expectation.js';
import type { Config } from './schema.js';
import { parseConfigJson, validateConfig } from './validate-config.js';

type JsonObject = Record<string, unknown>;

/** What a redacted view shows for a secret that is set (redact-config.ts); sent back, it means "unchanged". */
export const SECRET_UNCHANGED = '[set]';

function indentOf(text: string): string | number {
  return /\n([ \t]+)"/.exec(text)?.[1] ?? 2;
}

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` with every secret below `path` that reads `[set]` taken from `current` (the value in force). */
function keepUnchangedSecrets(value: unknown, current: unknown, path: readonly string[]): unknown {
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        keepUnchangedSecrets(child, isRecord(current) ? current[key] : undefined, [...path, key]),
      ]),
    );
  if (value === SECRET_UNCHANGED && isSecretPath(path) && typeof current === 'string') return current;
  return value;
}

export interface SettingsEdit {
  /** The config as validated from the new file. */
  config: Config;
  /** The keys whose value in the file changed. */
  changed: string[];
}

/**
 * Sets `values` (dotted key → value, `null` to remove) in the config file at `path`. `running`
 * supplies the secrets a value sends back as `[set]`. Throws ConfigError; then nothing was written.
 */
export function editConfigFile(
  path: string,
  values: Readonly<Record<string, unknown>>,
  running: Config,
): SettingsEdit {
  const keys = new Map(configKeys().map((key) => [key.name, key]));
  const unknown: ConfigProblem[] = Object.keys(values)
    .filter((name) => !keys.has(name))
    .map((name) => ({
      key: name,
      expected: unknownKey(nearestWord(name, [...keys.keys()])),
      found: JSON.stringify(values[name]),
    }));
  if (unknown.length > 0) throw new ConfigError(path, unknown);
  const text = readFileSync(path, 'utf8');
  const raw = parseConfigJson(path, text);
  // A file that does not validate as it is (a hand edit) is reported, not overwritten.
  validateConfig(raw, path);
  const root = raw as JsonObject;
  const changed: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const keyPath = keys.get(name)?.path ?? [];
    const next = value === null ? undefined : keepUnchangedSecrets(value, valueAt(running, keyPath), keyPath);
    if (JSON.stringify(valueAt(root, keyPath)) === JSON.stringify(next)) continue;
    setLeaf(root, keyPath, next);
    changed.push(name);
  }
  const { config } = validateConfig(root, path);
  if (changed.length > 0)
    writeFileAtomicSync(path, `${JSON.stringify(root, null, indentOf(text))}\n`, PRIVATE_FILE_MODE);
  return { config, changed };
}
