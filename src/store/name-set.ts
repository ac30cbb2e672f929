/**
 * A small set of short names (`web`, `mcp:fs`) kept in one TEXT column as a sorted JSON array;
 * NULL when empty. Reading is lenient: a column that is not such an array reads as empty, and a
 * hand-edited one is cut to MAX_NAMES names of MAX_NAME_CHARS.
 */

const MAX_NAMES = 32;
const MAX_NAME_CHARS = 100;

/** The union of `lists`, each name once, sorted. */
export function unionNames(...lists: (readonly string[] | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const list of lists) for (const name of list ?? []) if (name) names.add(name);
  return [...names].sort();
}

export function encodeNames(names: readonly string[] | null | undefined): string | null {
  const set = unionNames(names);
  return set.length > 0 ? JSON.stringify(set) : null;
}

export function decodeNames(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    const names = value
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.slice(0, MAX_NAME_CHARS));
    return unionNames(names).slice(0, MAX_NAMES);
  } catch {
    return [];
  }
}
