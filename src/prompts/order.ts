/**
 * Prompt file order: by the NUMBER at the start of the name (00, 1, 2, …, 10,
 * 99, 100), ties by name; files without a leading number come after, by name.
 * (The original sorted names as strings: 100_STATUS before 10_… before 1_….)
 */
const LEADING_NUMBER = /^(\d+)/;

function numberOf(name: string): number | undefined {
  const match = LEADING_NUMBER.exec(name);
  return match ? Number.parseInt(match[1] as string, 10) : undefined;
}

function comparePromptNames(a: string, b: string): number {
  const na = numberOf(a);
  const nb = numberOf(b);
  if (na !== undefined && nb !== undefined && na !== nb) return na - nb;
  if (na !== undefined && nb === undefined) return -1;
  if (na === undefined && nb !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortPromptNames(names: readonly string[]): string[] {
  return [...names].sort(comparePromptNames);
}
