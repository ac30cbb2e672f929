/**
 * Appends a rule to `safety.rules` in config.json, for an "Always" answer (replacing the rules it supersedes).
 * Only that array changes: the user's other keys (legacy ones included), their
 * order and the file's indentation and mode are kept; a file the loader would
 * refuse is not touched (the error names the bad keys), and the new file
 * replaces the old one atomically.
 */
import { readFileSync, statSync } from 'node:fs';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { sameRule, supersedes } from './same-rule.js';
import type { SafetyRule } from './schema.js';
import { parseConfigJson, validateConfig } from './validate-config.js';

type JsonObject = Record<string, unknown>;

/** The indentation of the file's first indented key (two spaces when there is none). */
function indentOf(text: string): string | number {
  return /\n([ \t]+)"/.exec(text)?.[1] ?? 2;
}

/**
 * Returns false when an identical rule was already there (the file is then left alone). Rules the
 * new one supersedes (an MCP tool's "Always" for an earlier description) are removed.
 */
export function appendSafetyRule(path: string, rule: SafetyRule): boolean {
  const text = readFileSync(path, 'utf8');
  const raw = parseConfigJson(path, text);
  const { config } = validateConfig(raw, path);
  if (config.safety.rules.some((r) => sameRule(r, rule))) return false;
  const root = raw as JsonObject;
  const safety = (root.safety ?? {}) as JsonObject;
  // Valid (checked above), and a rule with a hash spells out its tool: the raw entries can be compared as they are.
  const kept = ((safety.rules ?? []) as SafetyRule[]).filter((older) => !supersedes(rule, older));
  safety.rules = [...kept, rule];
  root.safety = safety;
  writeFileAtomicSync(path, `${JSON.stringify(root, null, indentOf(text))}\n`, statSync(path).mode & 0o7777);
  return true;
}
