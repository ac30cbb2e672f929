/** Code-unit order of two strings (locale-independent, the order `Array.prototype.sort` uses). */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A comparator ordering items by a string key, in code-unit order. */
export function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => compareStrings(key(a), key(b));
}
