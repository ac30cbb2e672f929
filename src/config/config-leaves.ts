/** Helpers for /config and /reload: flattening, diffing and setting one leaf (no schema: loads no zod). */
import type { Config } from '../config/schema.js';

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

/** The leaves whose values differ, each by its keys (absent on one side: `undefined` there), sorted by dotted key. */
export function changedLeaves(before: Config, after: Config): string[][] {
  const paths = new Map<string, string[]>();
  for (const [path] of [...configLeaves(before), ...configLeaves(after)]) paths.set(path.join('.'), path);
  return [...paths.entries()]
    .filter(([, path]) => JSON.stringify(valueAt(before, path)) !== JSON.stringify(valueAt(after, path)))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, path]) => path);
}

/** Dotted keys whose values differ. */
export function changedKeys(before: Config, after: Config): string[] {
  return changedLeaves(before, after).map((path) => path.join('.'));
}

/** The value at `path`, or undefined where a key on the way is missing. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (!isRecord(node)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * Sets the one leaf at `path` to a copy of `value` (deletes it for `undefined`), creating the
 * sections on the way; nothing beside that leaf changes.
 */
export function setLeaf(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const last = path.at(-1);
  if (last === undefined) return;
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!isRecord(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}
