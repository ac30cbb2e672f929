import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, restrictFile } from '../util/private-files.js';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { expectationOf, jsonObject, unknownKey, validJson } from './expectation.js';
import { type LegacyNotice, translateLegacyConfig } from './legacy.js';
import { type Config, ConfigSchema, defaultConfig } from './schema.js';

export interface LoadedConfig {
  config: Config;
  path: string;
  /** True when this call wrote a fresh config.json with the defaults. */
  created: boolean;
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
export function parseConfig(raw: unknown, path = 'config.json'): { config: Config; legacy: LegacyNotice[] } {
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

/** Writes `path` with the documented defaults (first use); its directory is created private. */
export function writeDefaultConfig(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  writeFileAtomicSync(path, `${JSON.stringify(defaultConfig(), null, 2)}\n`, PRIVATE_FILE_MODE);
}

/**
 * Reads `path`; writes it with the documented defaults first if it does not exist.
 * A broken file is an error naming every bad key, never a silent fallback.
 */
export function loadConfig(path: string): LoadedConfig {
  let created = false;
  if (!existsSync(path)) {
    writeDefaultConfig(path);
    created = true;
  }
  restrictFile(path); // it may hold server.token
  const { config, legacy } = parseConfig(parseConfigJson(path, readFileSync(path, 'utf8')), path);
  return { config, path, created, legacy };
}
