import type { Segmenter } from './segmenter.js';

/** CJK ideographs (the ranges Chinese text uses). */
export const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const HAS_CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** Latin words: letters and digits (`unit_convert` → unit, convert). */
const LATIN_WORD = /[\p{L}\p{N}]+/gu;

/**
 * Function words that match nearly everything (`a` occurs in every help text); dropped from a
 * query that has other terms. Chinese and English.
 */
const STOP_WORDS = new Set([
  ...'的 了 和 与 及 或 是 在 把 被 吗 呢 吧 请 帮 我 你 一个 一下 怎么 如何 用 给 将 个 些 这 那 中 里 要 想 能 可以 所有 哪些 什么'.split(
    ' ',
  ),
  ...'a an the of in on at to for from by with into onto and or not no is are be was it its this that these those my your me i you we how what which who do does can could would should will please want need using use via all any some each every'.split(
    ' ',
  ),
]);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * A light English stemmer, applied alike to indexed words and query words, so `counts`, `counting`
 * and `count` meet, and `deleted` meets `delete`: plural and -ed/-ing endings, a final `e`, and the
 * doubled consonant such endings leave (`running` → `run`). Words with digits are kept as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /[\d_]/.test(word) || hasCjk(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(sses|ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  if (w !== word && /([b-df-hj-np-rtv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function hasCjk(text: string): boolean {
  return HAS_CJK.test(text);
}

export interface QueryTerm {
  text: string;
  cjk: boolean;
}

/**
 * Query terms of a keyword string, lower-cased: whitespace separates words; CJK words are
 * segmented with jieba; Latin words are split at punctuation.
 */
export function queryTerms(keyword: string, segmenter: Segmenter): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  const add = (text: string) => {
    if (text && !terms.has(text)) terms.set(text, { text, cjk: hasCjk(text) });
  };
  for (const word of keyword.toLowerCase().split(/\s+/)) {
    if (!word) continue;
    const pieces = hasCjk(word) ? segmenter.cut(word) : [word];
    for (const piece of pieces) {
      for (const run of piece.match(CJK_RUN) ?? []) add(run);
      for (const run of latinWordList(piece)) add(run);
    }
  }
  const all = [...terms.values()];
  const content = all.filter((term) => !STOP_WORDS.has(term.text));
  return content.length > 0 ? content : all;
}

/** Lower-cased Latin words of `text` (non-CJK letter/digit runs), in order, repeats kept. */
export function latinWordList(text: string): string[] {
  return text.replace(CJK_RUN, ' ').match(LATIN_WORD) ?? [];
}

/** Consecutive character pairs of a CJK term (the term itself when shorter). */
export function bigramsOf(term: string): string[] {
  if (term.length < 2) return [term];
  const result: string[] = [];
  for (let i = 0; i + 1 < term.length; i += 1) result.push(term.slice(i, i + 2));
  return result;
}
