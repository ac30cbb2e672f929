/**
 * A skill's search tokens, per field (name, summary, content): stemmed Latin words and CJK
 * uni- and bigrams with their counts, as the search docs file keeps them (search-docs-file.ts).
 */
import { CJK_RUN, latinWordList, stem } from './search-terms.js';

/**
 * One field's token counts as kept in the search docs file: tokens and their counts, index by index
 * (two flat arrays parse several times faster than one small array per token).
 */
export type StoredCounts = [tokens: string[], counts: number[]];

/** A doc's token counts as kept in the search docs file (search-docs-file.ts). */
export interface StoredDoc {
  tf: [StoredCounts, StoredCounts, StoredCounts];
  len: [number, number, number];
}

function toStored(counts: Map<string, number>): StoredCounts {
  return [[...counts.keys()], [...counts.values()]];
}

export function fromStored([tokens, counts]: StoredCounts): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < tokens.length; i += 1) map.set(tokens[i] as string, counts[i] as number);
  return map;
}

/** Adjacent word pairs joined (`file system` → `filesystem`), for the short fields only. */
function addJoinedPairs(text: string, counts: Map<string, number>): void {
  const words = latinWordList(text);
  for (let i = 0; i + 1 < words.length; i += 1) {
    const joined = stem(`${words[i]}${words[i + 1]}`);
    counts.set(joined, (counts.get(joined) ?? 0) + 1);
  }
}

function countTokens(text: string): [Map<string, number>, number] {
  const counts = new Map<string, number>();
  let n = 0;
  const bump = (token: string) => {
    counts.set(token, (counts.get(token) ?? 0) + 1);
    n += 1;
  };
  const words = latinWordList(text);
  for (const word of words) bump(stem(word));
  for (const run of text.match(CJK_RUN) ?? []) {
    for (let i = 0; i < run.length; i += 1) {
      bump(run[i] as string);
      if (i + 1 < run.length) counts.set(run.slice(i, i + 2), (counts.get(run.slice(i, i + 2)) ?? 0) + 1);
    }
  }
  return [counts, n];
}

export function tokenize(fields: [string, string, string]): StoredDoc {
  const counted = fields.map(countTokens);
  const tf = counted.map(([m]) => m) as [Map<string, number>, Map<string, number>, Map<string, number>];
  tf[0].set(fields[0], 1); // the whole name (`unit_convert`, `sha256sum`)
  addJoinedPairs(fields[1], tf[1]);
  return {
    tf: tf.map(toStored) as StoredDoc['tf'],
    len: counted.map(([, n]) => Math.max(1, n)) as StoredDoc['len'],
  };
}
