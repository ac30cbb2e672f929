/** Helpers for /config and /reload: flattening, diffing and hiding secrets. */
import type { Config } from '../config/schema.js';

/**
 * The one list of config values that are secrets, shown only as set / not set (in the text of
 * /config and its data alike). A `*` part matches any one key: MCP servers' env values and HTTP
 * headers carry their tokens, so their names are shown and their values are not.
 */
const SECRET_PATHS: readonly (readonly string[])[] = [
  ['server', 'token'],
  ['channels', 'telegram', 'token'],
  ['channels', 'lark', 'app_secret'],
  ['channels', 'dingtalk', 'client_secret'],
  ['mcp', 'servers', '*', 'env', '*'],
  ['mcp', 'servers', '*', 'headers', '*'],
];

/** Whether the value at `path` (its keys, not dotted: an env or header name may hold a dot) is a secret. */
export function isSecretPath(path: readonly string[]): boolean {
  return SECRET_PATHS.some(
    (secret) => secret.length === path.length && secret.every((part, i) => part === '*' || part === path[i]),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every leaf of `value` (arrays are leaves) with the keys leading to it. */
export function configLeaves(value: unknown, path: readonly string[] = []): [string[], unknown][] {
  if (!isRecord(value)) return [[[...path], value]];
  return Object.entries(value).flatMap(([key, child]) => configLeaves(child, [...path, key]));
}

/** Dotted key → value of every leaf. */
export function flattenConfig(value: unknown): Map<string, unknown> {
  return new Map(configLeaves(value).map(([path, leaf]) => [path.join('.'), leaf]));
}

function redactLeaves(value: unknown, path: readonly string[]): unknown {
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, redactLeaves(child, [...path, key])]),
    );
  if (isSecretPath(path)) return value ? '[set]' : '';
  return structuredClone(value);
}

/** A deep copy of the config with every secret replaced by whether it is set (`[set]` or empty). */
export function redactConfig(config: Config): Record<string, unknown> {
  return redactLeaves(config, []) as Record<string, unknown>;
}

/** Dotted keys whose values differ. */
export function changedKeys(before: Config, after: Config): string[] {
  const a = flattenConfig(before);
  const b = flattenConfig(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k))).sort();
}
