/** A query's words as the search scores them: each with its glossary translations. */
import type { Glossary } from './glossary.js';
import type { QueryTerm } from './search-terms.js';
import type { Segmenter } from './segmenter.js';

/** A glossary translation counts a little less than the word the user typed. */
const TRANSLATED = 0.8;
/** An English synonym found through a Chinese translation. */
const PIVOTED = 0.6;

/** One query word and its translations; a doc scores by the best of them. */
export interface TermGroup {
  forms: { text: string; cjk: boolean; weight: number }[];
}

/**
 * One group per query word with its glossary translations. English words also get the other
 * English words of their Chinese translations (replace → 替换 → substitute). A Chinese compound
 * the glossary does not know (磁盘空间) is split into its dictionary words (磁盘, 空间).
 */
export function termGroups(terms: QueryTerm[], segmenter: Segmenter, glossary?: Glossary): TermGroup[] {
  const words: QueryTerm[] = [];
  for (const term of terms) {
    const parts =
      term.cjk && glossary && glossary.translate(term.text, true).length === 0
        ? segmenter.cutForSearch(term.text).filter((p) => p.length >= 2 && p !== term.text)
        : [];
    if (parts.length >= 2) for (const text of new Set(parts)) words.push({ text, cjk: true });
    else words.push(term);
  }
  return words.map((term) => {
    const forms = new Map([[term.text, { text: term.text, cjk: term.cjk, weight: 1 }]]);
    const add = (text: string, cjk: boolean, weight: number) => {
      if (!forms.has(text)) forms.set(text, { text, cjk, weight });
    };
    for (const text of glossary?.translate(term.text, term.cjk) ?? []) {
      add(text, !term.cjk, TRANSLATED);
      if (!term.cjk) for (const back of glossary?.translate(text, true) ?? []) add(back, false, PIVOTED);
    }
    return { forms: [...forms.values()] };
  });
}
