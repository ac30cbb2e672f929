const BEFORE = 30;
const AFTER = 90;

/**
 * A one-line excerpt of `text` around the first occurrence of the earliest-listed term found
 * (terms are lower-case; matching is case-insensitive). Undefined when no term occurs.
 */
export function snippetAround(
  text: string,
  terms: readonly string[],
  lower = text.toLowerCase(),
): string | undefined {
  // toLowerCase keeps the length for everything but a few rare letters; fall back when it does not.
  if (lower.length !== text.length) return undefined;
  for (const term of terms) {
    const at = lower.indexOf(term);
    if (at < 0) continue;
    const start = Math.max(0, at - BEFORE);
    const end = Math.min(text.length, at + term.length + AFTER);
    const body = text.slice(start, end).replace(/\s+/g, ' ').trim();
    return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
  }
  return undefined;
}
