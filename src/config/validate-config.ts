/**
 * Validating config.json: its text as JSON, then the object against the schema (the original's
 * keys translated first). Every problem is named by its key in one ConfigError; nothing falls back
 * silently. This is the module that loads zod and the schema: load-config.ts imports it only when
 * the config cache (config-cache.ts) has no validation of the very text.
 */
import type { z } from 'zod';
import { nearestWord } from '../util/edit-distance.js';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { expectationOf, jsonObject, unknownKey, validJson } from './expectation.js';
import { type LegacyNotice, translateLegacyConfig } from './legacy.js';
import { type Config, ConfigSchema, PARSE_ONCE } from './schema.js';
import { knownKeysAt } from './schema-keys.js';

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
    const known = knownKeysAt(ConfigSchema, issue.path);
    return issue.keys.map((key) => {
      const near = nearestWord(key, known);
      return {
        key: [...issue.path, key].join('.'),
        expected: unknownKey(near === undefined ? undefined : [...issue.path, near].join('.')),
        found: JSON.stringify(valueAt(raw, [...issue.path, key])),
      };
    });
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
  const result = ConfigSchema.safeParse(translated, PARSE_ONCE);
  if (!result.success) {
    throw new ConfigError(
      path,
      result.error.issues.flatMap((issue) => describeIssue(issue, translated)),
    );
  }
  return { config: result.data, legacy: notices };
}

/** Line and column (1-based) of a JSON.parse error, from the position it names. */
function syntaxErrorAt(message: string, text: string): { line: number; column: number } | undefined {
  const position = /end of JSON input/.test(message)
    ? String(text.length)
    : /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return undefined;
  const before = text.slice(0, Number(position)).split('\n');
  return { line: before.length, column: (before.at(-1) ?? '').length + 1 };
}

/** The JSON of a config file's text (a BOM is allowed). Throws ConfigError naming the syntax error and where it is. */
export function parseConfigJson(path: string, text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    const found = message.replace(/\s*(?:in JSON )?at position \d+(?: \(line \d+ column \d+\))?/, '');
    throw new ConfigError(
      path,
      [{ key: '(file)', expected: validJson(syntaxErrorAt(message, body)), found }],
      error,
    );
  }
}

/** The text of a config file, validated: JSON first, then the schema. Throws ConfigError. */
export function validateConfigText(path: string, text: string): ValidatedConfig {
  return validateConfig(parseConfigJson(path, text), path);
}
