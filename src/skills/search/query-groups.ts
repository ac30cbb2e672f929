/** A query's words as the search scores them: each with its glossary translations. */
import type { Glossary } from './glossary.js';
import { type QueryTerm, stem } from './search-terms.js';
import type { Segmenter } from './segmenter.js';

/** A glossary translation counts a little less than the word the user typed. */
const TRANSLATED = 0.8;
/** An English synonym found through a Chinese translation. */
const PIVOTED = 0.6;

/** One query word and its translations; a doc scores by the best of them. */
export interface TermGroup {
  forms: { text: string; cjk: boolean; weight: number }[];
}

/** Two Chinese words in a row that the glossary knows together become one (正在 + 运行 → 正在运行). */
function joinKnownPairs(typed: QueryTerm[], glossary: Glossary | undefined): QueryTerm[] {
  if (!glossary) return typed;
  const terms: QueryTerm[] = [];
  for (let i = 0; i < typed.length; i += 1) {
    const term = typed[i] as QueryTerm;
    const next = typed[i + 1];
    const both = next && term.cjk && next.cjk ? `${term.text}${next.text}` : '';
    if (both && glossary.translate(both, true).length > 0) {
      terms.push({ text: both, cjk: true });
      i += 1;
    } else terms.push(term);
  }
  return terms;
}

/**
 * One group per query word with its glossary translations. English words also get the other
 * English words of the Chinese translations whose main sense they are (replace → 替换 →
 * substitute). Two Chinese words in a row that the glossary knows together are one word (正在 +
 * 运行 → 正在运行: running, not "currently" plus "run" twice); a Chinese compound the glossary
 * does not know (磁盘容量) is split into its dictionary words (磁盘, 容量).
 */
export function termGroups(typed: QueryTerm[], segmenter: Segmenter, glossary?: Glossary): TermGroup[] {
  const words: QueryTerm[] = [];
  for (const term of joinKnownPairs(typed, glossary)) {
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
      // Only through a Chinese word whose main sense is this word: `usage` reaches `used` through
      // 使用 (usage), not `status` through 情况 (status, usage).
      if (!term.cjk && glossary?.primary(text) === stem(term.text))
        for (const back of glossary.translate(text, true)) add(back, false, PIVOTED);
    }
    return { forms: [...forms.values()] };
  });
}
