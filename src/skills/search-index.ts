import { byKey } from '../util/compare.js';
import { bigramsOf, cjkGrams, hasCjk, latinWords, type QueryTerm, queryTerms } from './search-terms.js';
import type { Segmenter } from './segmenter.js';
import { snippetAround } from './snippet.js';
import type { Skill, SkillSearchHit, SkillSearchResult } from './types.js';

/** Field weights: a name hit beats a summary hit beats a content hit. */
const FIELD_WEIGHT = [10, 4, 1] as const;
/** Match qualities. */
const EXACT = 1;
const PREFIX = 0.8;
const SUBSTRING = 0.5;
const DEFAULT_LIMIT = 10;

interface Doc {
  skill: Skill;
  /** Lower-cased name, summary, content. */
  fields: [string, string, string];
  /** Per field: Latin words and CJK uni/bigrams. */
  tokens: [Set<string>, Set<string>, Set<string>];
}

/**
 * Per-skill extraction, cached by Skill object identity (the probe cache keeps unchanged skills
 * identical), so rebuilding the index after one change is cheap. Owned by the registry.
 */
export type SearchDocCache = WeakMap<Skill, Doc>;

export function createSearchDocCache(): SearchDocCache {
  return new WeakMap();
}

function docOf(skill: Skill, docCache: SearchDocCache): Doc {
  let doc = docCache.get(skill);
  if (!doc) {
    const fields: Doc['fields'] = [
      skill.name.toLowerCase(),
      skill.summary.toLowerCase(),
      skill.content.toLowerCase(),
    ];
    const tokens = fields.map((text) => {
      const set = new Set<string>();
      latinWords(text, set);
      cjkGrams(text, set);
      return set;
    }) as Doc['tokens'];
    tokens[0].add(fields[0]);
    doc = { skill, fields, tokens };
    docCache.set(skill, doc);
  }
  return doc;
}

/** Posting = docIndex * 3 + field. */
type Postings = number[];

export interface SearchIndex {
  search(keyword: string, limit?: number): SkillSearchResult;
}

/** An immutable, Chinese-aware index over one list of skills. */
export function buildSearchIndex(
  skills: readonly Skill[],
  segmenter: Segmenter,
  docCache: SearchDocCache = createSearchDocCache(),
): SearchIndex {
  const docs = skills.map((skill) => docOf(skill, docCache));
  const postings = new Map<string, Postings>();
  docs.forEach((doc, d) => {
    doc.tokens.forEach((set, field) => {
      for (const token of set) {
        let list = postings.get(token);
        if (!list) {
          list = [];
          postings.set(token, list);
        }
        list.push(d * 3 + field);
      }
    });
  });
  const latinVocabulary = [...postings.keys()].filter((k) => !hasCjk(k));
  const latinMatches = new Map<string, [string, number][]>();

  // Scratch buffers reused by every search (search is synchronous, so this is safe).
  const termBest = new Float64Array(docs.length);
  const termDocs: number[] = [];
  const matchCount = new Uint16Array(docs.length);
  const matchSum = new Float64Array(docs.length);
  const scores = new Float64Array(docs.length);

  /** Records the best weighted score per doc of the current term in termBest/termDocs. */
  const credit = (posting: number, quality: number) => {
    const d = (posting / 3) | 0;
    const value = FIELD_WEIGHT[(posting % 3) as 0 | 1 | 2] * quality;
    if (termBest[d] === 0) termDocs.push(d);
    if ((termBest[d] as number) < value) termBest[d] = value;
  };

  const scoreTerm = (term: QueryTerm): void => {
    if (!term.cjk) {
      for (const [token, quality] of matchLatin(term.text))
        for (const p of postings.get(token) ?? []) credit(p, quality);
      return;
    }
    for (const p of cjkPostings(term.text)) credit(p, EXACT);
    if (term.text.length > 2) {
      // Partial credit: dictionary sub-words and bigrams (发邮件 → 邮件).
      const parts = new Set([...segmenter.cutForSearch(term.text), ...bigramsOf(term.text)]);
      for (const part of parts) {
        if (part === term.text || part.length < 2) continue;
        for (const p of cjkPostings(part)) credit(p, (PREFIX * part.length) / term.text.length);
      }
    }
  };

  const matchLatin = (term: string): [string, number][] => {
    let found = latinMatches.get(term);
    if (!found) {
      found = [];
      for (const word of latinVocabulary) {
        if (word === term) found.push([word, EXACT]);
        else if (word.startsWith(term)) found.push([word, PREFIX]);
        else if (word.includes(term)) found.push([word, SUBSTRING]);
      }
      if (latinMatches.size > 1000) latinMatches.clear();
      latinMatches.set(term, found);
    }
    return found;
  };

  /** Doc fields containing the CJK term: all its bigrams indexed, then a substring check. */
  const cjkPostings = (term: string): Postings => {
    const grams = bigramsOf(term);
    let candidates = postings.get(grams[0] as string) ?? [];
    for (let g = 1; g < grams.length && candidates.length > 0; g += 1) {
      candidates = intersectSorted(candidates, postings.get(grams[g] as string) ?? []);
    }
    if (term.length <= 2) return candidates;
    return candidates.filter((p) => (docs[Math.floor(p / 3)] as Doc).fields[p % 3]?.includes(term));
  };

  const order = docs.map((_, d) => d).sort(byKey((d) => (docs[d] as Doc).skill.name));
  const nameRank = new Int32Array(docs.length);
  order.forEach((d, rank) => {
    nameRank[d] = rank;
  });
  const listAll = (limit: number | undefined): SkillSearchResult => ({
    total: docs.length,
    hits: order.slice(0, limit ?? docs.length).map((d) => {
      const skill = (docs[d] as Doc).skill;
      return { skill, score: 0, snippet: skill.summary };
    }),
  });

  return {
    search(keyword, limit) {
      const terms = queryTerms(keyword.trim(), segmenter);
      if (terms.length === 0) return listAll(limit);
      const hitDocs: number[] = [];
      for (const term of terms) {
        termDocs.length = 0;
        scoreTerm(term);
        for (const d of termDocs) {
          if (matchCount[d] === 0) hitDocs.push(d);
          matchCount[d] = (matchCount[d] as number) + 1;
          matchSum[d] = (matchSum[d] as number) + (termBest[d] as number);
          termBest[d] = 0;
        }
      }
      const score = (d: number) => (matchCount[d] as number) * 100 + Math.min(99, matchSum[d] as number);
      for (const d of hitDocs) scores[d] = score(d);
      for (const d of hitDocs) {
        matchCount[d] = 0;
        matchSum[d] = 0;
      }
      hitDocs.sort(
        (a, b) =>
          (scores[b] as number) - (scores[a] as number) || (nameRank[a] as number) - (nameRank[b] as number),
      );
      const texts = terms.map((t) => t.text).sort((a, b) => b.length - a.length);
      const hits = hitDocs.slice(0, limit ?? DEFAULT_LIMIT).map((d): SkillSearchHit => {
        const skill = (docs[d] as Doc).skill;
        return {
          skill,
          score: Math.round((scores[d] as number) * 100) / 100,
          snippet: snippetAround(skill.content, texts, (docs[d] as Doc).fields[2]) ?? skill.summary,
        };
      });
      return { total: hitDocs.length, hits };
    },
  };
}

/** Intersection of two ascending posting lists. */
function intersectSorted(a: Postings, b: Postings): Postings {
  const result: Postings = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      result.push(x);
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return result;
}
