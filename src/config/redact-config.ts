/** The config as it may be shown: every secret the schema names replaced by whether it is set. */
import { isSecretPath } from './config-keys.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function redactLeaves(value: unknown, path: readonly string[]): unknown {
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, redactLeaves(child, [...path, key])]),
    );
  if (isSecretPath(path)) return value ? '[set]' : '';
  return structuredClone(value);
}

/** A deep copy of `config` (or any part of it at `path`) with each secret as `[set]` or empty. */
export function redactConfig(config: unknown, path: readonly string[] = []): Record<string, unknown> {
  return redactLeaves(config, path) as Record<string, unknown>;
}
