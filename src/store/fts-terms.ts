/**
 * Text → search terms for the `memory_index` FTS5 table (unicode61 tokenizer).
 * unicode61 keeps a whole CJK run as ONE token, so the original could not find
 * "项目" in "项目进度讨论". We rewrite every CJK run into its overlapping
 * bigrams plus its last character ("项目 目进 进度 度讨 讨论 论"); queries are
 * rewritten the same way, so any substring of ≥ 2 characters matches (all its
 * bigrams, ANDed) and a single character matches as a prefix. Latin words are
 * left to unicode61 (case- and diacritic-folded).
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const CJK_CHAR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;
const TERM = /[\p{L}\p{N}]+/gu;

function cjkTerms(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  out.push(chars[chars.length - 1] ?? '');
  return out;
}

/** What is stored in the index for a piece of text. */
export function indexText(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(CJK_RUN, (run) => ` ${cjkTerms(run).join(' ')} `);
}

/** The terms of one query keyword (a single CJK run yields only its bigrams). */
function keywordTerms(keyword: string): string[] {
  const terms: string[] = [];
  for (const token of keyword.toLowerCase().match(TERM) ?? []) {
    for (const piece of token.split(CJK_RUN)) if (piece) terms.push(piece);
    for (const run of token.match(CJK_RUN) ?? []) {
      const chars = [...run];
      if (chars.length === 1) terms.push(run);
      else for (let i = 0; i + 1 < chars.length; i++) terms.push(`${chars[i]}${chars[i + 1]}`);
    }
  }
  return [...new Set(terms)];
}

/** The distinct search terms of a text (Latin words, CJK bigrams), lower-cased, at most `max`. */
export function searchTerms(text: string, max = 32): string[] {
  const terms = new Set<string>();
  for (const word of text.split(/\s+/)) {
    for (const term of keywordTerms(word)) {
      terms.add(term);
      if (terms.size >= max) return [...terms];
    }
  }
  return [...terms];
}

/** One term as a safe FTS5 string (a lone CJK character as a prefix query). */
function quoteTerm(term: string): string {
  const quoted = `"${term.replaceAll('"', '""')}"`;
  return CJK_CHAR.test(term) ? `${quoted}*` : quoted;
}

/**
 * Builds the MATCH expression ourselves from terms, each quoted, so nothing the
 * user types is FTS syntax. Keywords are whitespace-separated; the terms of one
 * keyword are ANDed; keywords are ORed (ANDed with `matchAll`).
 * Returns null when the query has no searchable term.
 */
export function matchExpression(
  query: string,
  matchAll = false,
): { expression: string; keywords: string[] } | null {
  const keywords = query.split(/\s+/).filter((k) => keywordTerms(k).length > 0);
  if (keywords.length === 0) return null;
  const groups = keywords.map((k) => {
    const terms = keywordTerms(k).map(quoteTerm);
    return terms.length === 1 ? (terms[0] ?? '') : `(${terms.join(' AND ')})`;
  });
  return { expression: groups.join(matchAll ? ' AND ' : ' OR '), keywords };
}

/** A short excerpt around the first keyword found in `text` (case-insensitive). */
export function snippetFor(text: string, keywords: string[], width = 80): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const k of keywords) {
    const i = lower.indexOf(k.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0 || text.length <= width) return text.length <= width ? text : `${text.slice(0, width)}…`;
  const from = Math.max(0, at - Math.floor(width / 3));
  const to = Math.min(text.length, from + width);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}
