/**
 * Validating config.json: its text as JSON, then the object against the schema (the original's
 * keys translated first). Every problem is named by its key in one ConfigError; nothing falls back
 * silently. This is the module that loads zod and the schema: load-config.ts imports it only when
 * the config cache (config-cache.ts) has no validation of the very text.
 */
import type { z } from 'zod';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { expectationOf, jsonObject, unknownKey, validJson } from './expectation.js';
import { type LegacyNotice, translateLegacyConfig } from './legacy.js';
import { type Config, ConfigSchema } from './schema.js';

export interface ValidatedConfig {
  config: Config;
  /** The original's keys found, and what they became. */
  legacy: LegacyNotice[];
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): ConfigProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      key: [...issue.path, key].join('.'),
      expected: unknownKey(),
      found: JSON.stringify(valueAt(raw, [...issue.path, key])),
    }));
  }
  const found = valueAt(raw, issue.path);
  return [
    {
      key: issue.path.join('.') || '(root)',
      expected: expectationOf(issue),
      found: found === undefined ? 'nothing' : JSON.stringify(found),
    },
  ];
}

/** Validates an already-parsed object (legacy keys translated first). Throws ConfigError. */
export function validateConfig(raw: unknown, path = 'config.json'): ValidatedConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ConfigError(path, [{ key: '(root)', expected: jsonObject(), found: JSON.stringify(raw) }]);
  }
  const { config: translated, notices } = translateLegacyConfig(raw as Record<string, unknown>);
  const result = ConfigSchema.safeParse(translated);
  if (!result.success) {
    throw new ConfigError(
      path,
      result.error.issues.flatMap((issue) => describeIssue(issue, translated)),
    );
  }
  return { config: result.data, legacy: notices };
}

/** The JSON of a config file's text (a BOM is allowed). Throws ConfigError naming the syntax error. */
export function parseConfigJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError(
      path,
      [{ key: '(file)', expected: validJson(), found: (error as Error).message }],
      error,
    );
  }
}

/** The text of a config file, validated: JSON first, then the schema. Throws ConfigError. */
export function validateConfigText(path: string, text: string): ValidatedConfig {
  return validateConfig(parseConfigJson(path, text), path);
}
