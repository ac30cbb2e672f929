import { GLOSSARY } from './glossary-data.js';
import { isStopWord, stem } from './search-terms.js';

/** Translations of one query word through the bilingual glossary (glossary-data.ts). */
export interface Glossary {
  /** English words (stemmed) for a Chinese word; Chinese words for an English word. */
  translate(word: string, cjk: boolean): string[];
  /** The first English word (stemmed) of a Chinese word: its main sense. */
  primary(zh: string): string | undefined;
}

export function createGlossary(entries: ReadonlyArray<readonly [string, string]> = GLOSSARY): Glossary {
  const zhToEn = new Map<string, Set<string>>();
  const enToZh = new Map<string, Set<string>>();
  const first = new Map<string, string>();
  const add = (map: Map<string, Set<string>>, key: string, value: string) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(value);
  };
  for (const [zh, en] of entries) {
    for (const word of en.toLowerCase().split(/\s+/)) {
      if (!word || isStopWord(word)) continue;
      add(zhToEn, zh, stem(word));
      add(enToZh, stem(word), zh);
      if (!first.has(zh)) first.set(zh, stem(word));
    }
  }
  return {
    translate(word, cjk) {
      const found = cjk ? zhToEn.get(word) : enToZh.get(stem(word));
      return found ? [...found] : [];
    },
    primary: (zh) => first.get(zh),
  };
}

let shared: Glossary | undefined;

/** The shipped glossary, built once per process on first use. */
export function defaultGlossary(): Glossary {
  shared ??= createGlossary();
  return shared;
}
