/**
 * Which indexed words a typed Latin word matches: whole (after stemming), as a prefix (3+
 * characters) or inside a word (4+); and which skill names abbreviate it (`uniq` for unique).
 * Both remember their last answers (at most ~1,000 each).
 */

export const EXACT = 1;
export const PREFIX = 0.6;
export const SUBSTRING = 0.3;
const REMEMBERED = 1000;

/** The indexed words a term matches, each with its match quality. */
export function latinMatcher(tokens: Iterable<string>): (term: string) => [string, number][] {
  const vocabulary = [...tokens].filter((k) => !/[\u3400-\u9fff\uf900-\ufaff]/.test(k));
  const remembered = new Map<string, [string, number][]>();
  return (term) => {
    let found = remembered.get(term);
    if (!found) {
      found = [];
      for (const word of vocabulary) {
        if (word === term) found.push([word, EXACT]);
        else if (term.length >= 3 && word.startsWith(term)) found.push([word, PREFIX]);
        else if (term.length >= 4 && word.includes(term)) found.push([word, SUBSTRING]);
      }
      if (remembered.size > REMEMBERED) remembered.clear();
      remembered.set(term, found);
    }
    return found;
  };
}

/** The indexes of the names (3+ characters) a term starts with, other than itself. */
export function abbreviationFinder(names: readonly string[]): (term: string) => number[] {
  const remembered = new Map<string, number[]>();
  return (term) => {
    let found = remembered.get(term);
    if (!found) {
      found = [];
      names.forEach((name, d) => {
        if (name.length >= 3 && name !== term && term.startsWith(name)) found?.push(d);
      });
      if (remembered.size > REMEMBERED) remembered.clear();
      remembered.set(term, found);
    }
    return found;
  };
}
