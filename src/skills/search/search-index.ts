/** The skill search: an immutable index over one list of skills, and its ranking. */
import { byKey } from '../../util/compare.js';
import type { Skill, SkillSearchHit, SkillSearchResult } from '../types.js';
import { cjkMatches } from './cjk-matches.js';
import type { Glossary } from './glossary.js';
import { abbreviationFinder, latinMatcher, PREFIX } from './latin-matches.js';
import { docFrequencies, indexPostings, type Postings } from './postings.js';
import { termGroups } from './query-groups.js';
import { createSearchDocCache, type Doc, docOf, type SearchDocCache, termFrequency } from './search-docs.js';
import { bigramsOf, queryTerms, stem } from './search-terms.js';
import type { Segmenter } from './segmenter.js';
import { snippetAround } from './snippet.js';

/**
 * Ranking like a search engine (BM25 over three fields): each query word scores by its rarity
 * (idf) times how often it occurs in a field, saturated and normalised by the field's length, the
 * name weighted above the summary above the content. Whole-word matches (after light stemming) beat
 * prefix matches (words of 3+ characters) beat substring matches (4+). Chinese words match by
 * bigrams; the bilingual glossary adds translations (a word scores by its best form).
 */
const FIELD_WEIGHT = [6, 3, 1] as const;
/** Length normalisation per field (a name is not "longer" in a meaningful way). */
const FIELD_B = [0, 0.75, 0.75] as const;
const K1 = 1.2;
const DEFAULT_LIMIT = 10;
/**
 * Only this many characters of a query count. Segmenting a Chinese query reads the dictionary
 * words of each of its characters and looks each up in the whole query, which grows with the
 * square of its length; a query is hostile input (the model's search_skills keyword), and a search
 * runs on the server's event loop.
 */
const MAX_QUERY_CHARS = 500;

export interface SearchIndex {
  search(keyword: string, limit?: number): SkillSearchResult;
}

/** An immutable, Chinese-aware index over one list of skills. */
export function buildSearchIndex(
  skills: readonly Skill[],
  segmenter: Segmenter,
  docCache: SearchDocCache = createSearchDocCache(),
  glossary?: Glossary,
): SearchIndex {
  docCache.current.clear();
  const docs = skills.map((skill) => docOf(skill, docCache));
  if (docCache.current.size !== docCache.stored.size) docCache.changed = true;
  const { postings, avgLen } = indexPostings(docs);
  const matchLatin = latinMatcher(postings.keys());
  const abbreviations = abbreviationFinder(docs.map((doc) => doc.fields.name));
  const cjk = cjkMatches(docs, postings);
  const N = docs.length;

  const idfOfCount = (df: number) => Math.log(1 + (N - df + 0.5) / (df + 0.5));
  const docFrequency = docFrequencies();
  const bm25 = (tf: number, field: 0 | 1 | 2, len: number) => {
    const norm = 1 - FIELD_B[field] + (FIELD_B[field] * len) / ((avgLen[field] as number) || 1);
    return (tf * (K1 + 1)) / (tf + K1 * norm);
  };

  // Scratch buffers reused by every search (search is synchronous, so this is safe).
  const groupBest = new Float64Array(N);
  const groupDocs: number[] = [];
  const scores = new Float64Array(N);
  const matched = new Uint16Array(N);

  // Postings are ascending, so a doc's fields are adjacent: sum them, then credit the doc once.
  const creditPostings = (list: Postings, idf: number, quality: number, tfOf: (p: number) => number) => {
    let current = -1;
    let sum = 0;
    const flush = () => {
      if (current < 0) return;
      const value = idf * quality * sum;
      if (groupBest[current] === 0) groupDocs.push(current);
      if ((groupBest[current] as number) < value) groupBest[current] = value;
    };
    for (const p of list) {
      const d = (p / 3) | 0;
      const field = (p % 3) as 0 | 1 | 2;
      if (d !== current) {
        flush();
        current = d;
        sum = 0;
      }
      sum += FIELD_WEIGHT[field] * bm25(tfOf(p), field, (docs[d] as Doc).len[field]);
    }
    flush();
  };

  const scoreLatin = (text: string, weight: number) => {
    const term = stem(text);
    // A prefix or substring match weighs by the rarity of the word typed, when it occurs whole:
    // `find` must not lose to `findmnt` because findmnt is rare.
    const exact = postings.get(term);
    const typedIdf = exact ? idfOfCount(docFrequency(exact)) : undefined;
    // A program name that abbreviates the word (`uniq` for unique, `seq` for sequence).
    if (term.length > 3) {
      const nameIdf = typedIdf ?? idfOfCount(1);
      for (const d of abbreviations(term)) creditPostings([d * 3], nameIdf, PREFIX * weight, () => 1);
    }
    for (const [token, quality] of matchLatin(term)) {
      const list = postings.get(token) ?? [];
      const idf = Math.min(typedIdf ?? Number.POSITIVE_INFINITY, idfOfCount(docFrequency(list)));
      creditPostings(list, idf, quality * weight, (p) =>
        termFrequency(docs[(p / 3) | 0] as Doc, (p % 3) as 0 | 1 | 2, token),
      );
    }
  };

  const scoreCjk = (text: string, weight: number) => {
    const list = cjk.postingsOf(text);
    const tfOf = (p: number) => cjk.frequency(p, text);
    if (list.length > 0) creditPostings(list, idfOfCount(docFrequency(list)), weight, tfOf);
    if (text.length > 2) {
      // Partial credit: dictionary sub-words and bigrams (发邮件 → 邮件).
      const parts = new Set([...segmenter.cutForSearch(text), ...bigramsOf(text)]);
      for (const part of parts) {
        if (part === text || part.length < 2) continue;
        const sub = cjk.postingsOf(part);
        if (sub.length === 0) continue;
        const partTf = (p: number) => cjk.frequency(p, part);
        creditPostings(
          sub,
          idfOfCount(docFrequency(sub)),
          (weight * PREFIX * part.length) / text.length,
          partTf,
        );
      }
    }
  };

  const order = docs.map((_, d) => d).sort(byKey((d) => (docs[d] as Doc).skill.name));
  const nameRank = new Int32Array(N);
  order.forEach((d, rank) => {
    nameRank[d] = rank;
  });
  const listAll = (limit: number | undefined): SkillSearchResult => ({
    total: N,
    hits: order.slice(0, limit ?? N).map((d) => {
      const skill = (docs[d] as Doc).skill;
      return { skill, score: 0, snippet: skill.summary };
    }),
  });

  return {
    search(keyword, limit) {
      const terms = queryTerms([...keyword.trim()].slice(0, MAX_QUERY_CHARS).join(''), segmenter);
      if (terms.length === 0) return listAll(limit);
      const hitDocs: number[] = [];
      const groups = termGroups(terms, segmenter, glossary);
      for (const group of groups) {
        groupDocs.length = 0;
        for (const form of group.forms) {
          if (form.cjk) scoreCjk(form.text, form.weight);
          else scoreLatin(form.text, form.weight);
        }
        for (const d of groupDocs) {
          if (matched[d] === 0) hitDocs.push(d);
          matched[d] = (matched[d] as number) + 1;
          scores[d] = (scores[d] as number) + (groupBest[d] as number);
          groupBest[d] = 0;
        }
      }
      // Coverage: a skill matching every word of the request beats one matching a rare word only.
      const final = new Map<number, number>();
      for (const d of hitDocs) {
        final.set(d, ((scores[d] as number) * (matched[d] as number)) / groups.length);
        scores[d] = 0;
        matched[d] = 0;
      }
      hitDocs.sort(
        (a, b) =>
          (final.get(b) as number) - (final.get(a) as number) ||
          (nameRank[a] as number) - (nameRank[b] as number),
      );
      const texts = terms.map((t) => t.text).sort((a, b) => b.length - a.length);
      const hits = hitDocs.slice(0, limit ?? DEFAULT_LIMIT).map((d): SkillSearchHit => {
        const skill = (docs[d] as Doc).skill;
        return {
          skill,
          score: Math.round((final.get(d) as number) * 100) / 100,
          snippet: snippetAround(skill.content, texts, (docs[d] as Doc).fields.content) ?? skill.summary,
        };
      });
      return { total: hitDocs.length, hits };
    },
  };
}
