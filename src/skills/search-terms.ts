import type { Segmenter } from './segmenter.js';

/** CJK ideographs (the ranges Chinese text uses). */
export const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const HAS_CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** Latin words: letters and digits (`unit_convert` → unit, convert). */
export const LATIN_WORD = /[\p{L}\p{N}]+/gu;

/** Function words that match nearly everything; dropped from a query that has other terms. */
const CJK_STOP_WORDS = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '或',
  '是',
  '在',
  '把',
  '被',
  '吗',
  '呢',
  '吧',
  '请',
  '帮',
  '我',
  '一个',
  '怎么',
  '如何',
  '用',
]);

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
      const latin = new Set<string>();
      latinWords(piece, latin);
      for (const run of latin) add(run);
    }
  }
  const all = [...terms.values()];
  const content = all.filter((term) => !CJK_STOP_WORDS.has(term.text));
  return content.length > 0 ? content : all;
}

/** Character unigrams and bigrams of every CJK run in `text`. */
export function cjkGrams(text: string, into: Set<string>): void {
  for (const run of text.match(CJK_RUN) ?? []) {
    for (let i = 0; i < run.length; i += 1) {
      into.add(run[i] as string);
      if (i + 1 < run.length) into.add(run.slice(i, i + 2));
    }
  }
}

/** Lower-cased Latin words of `text` (non-CJK letter/digit runs). */
export function latinWords(text: string, into: Set<string>): void {
  for (const word of text.replace(CJK_RUN, ' ').match(LATIN_WORD) ?? []) into.add(word);
}

/** Consecutive character pairs of a CJK term (the term itself when shorter). */
export function bigramsOf(term: string): string[] {
  if (term.length < 2) return [term];
  const result: string[] = [];
  for (let i = 0; i + 1 < term.length; i += 1) result.push(term.slice(i, i + 2));
  return result;
}
