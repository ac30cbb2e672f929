/**
 * Sets one key of config.json (`budget.daily_tokens`, from `/budget`), keeping the user's other
 * keys, their order, the indentation and the file's mode; the result is validated with the
 * schema before anything is written (a bad value throws ConfigError, the file stays), and the
 * new file replaces the old one atomically.
 */
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import type { Config } from './schema.js';
import { parseConfigJson, validateConfig } from './validate-config.js';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Returns the validated config the file now holds. */
export function setConfigKey(path: string, keyPath: readonly [string, ...string[]], value: unknown): Config {
  const text = readFileSync(path, 'utf8');
  const root = parseConfigJson(path, text);
  if (!isObject(root)) throw new TypeError('config.json is not an object');
  let at: JsonObject = root;
  for (const key of keyPath.slice(0, -1)) {
    const next = at[key];
    at[key] = isObject(next) ? next : {};
    at = at[key] as JsonObject;
  }
  at[keyPath[keyPath.length - 1] as string] = value;
  const { config } = validateConfig(root, path);
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? 2;
  writeFileAtomicSync(path, `${JSON.stringify(root, null, indent)}\n`, statSync(path).mode & 0o7777);
  return config;
}
