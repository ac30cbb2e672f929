import { byKey } from '../../util/compare.js';
import type { Skill, SkillSearchHit, SkillSearchResult } from '../types.js';
import type { Glossary } from './glossary.js';
import { bigramsOf, CJK_RUN, latinWordList, type QueryTerm, queryTerms, stem } from './search-terms.js';
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
const EXACT = 1;
const PREFIX = 0.6;
const SUBSTRING = 0.3;
/** A glossary translation counts a little less than the word the user typed. */
const TRANSLATED = 0.8;
/** An English synonym found through a Chinese translation. */
const PIVOTED = 0.6;
const DEFAULT_LIMIT = 10;
/**
 * Only this many characters of a query count. Segmenting a Chinese query reads the dictionary
 * words of each of its characters and looks each up in the whole query, which grows with the
 * square of its length; a query is hostile input (the model's search_skills keyword), and a search
 * runs on the server's event loop.
 */
const MAX_QUERY_CHARS = 500;

interface Doc {
  skill: Skill;
  key: string;
  stored: StoredDoc;
  /**
   * Lower-cased name, summary, content. The content is lower-cased (and a Markdown skill's body
   * read from its file, content-on-use.ts) on first use: a search whose tokens are all stored
   * reads only its hits' bodies (snippets) and those of Chinese substring candidates.
   */
  fields: LazyFields;
  /**
   * Per field: term frequencies of stemmed Latin words and CJK uni/bigrams, made from `stored` on
   * first use (termFrequencies): a search looks up only the fields its words occur in.
   */
  tf: [Map<string, number> | undefined, Map<string, number> | undefined, Map<string, number> | undefined];
  /** Per field: number of tokens. */
  len: [number, number, number];
}

/** A doc's lower-cased fields (name, summary, content), the content computed on first use. */
class LazyFields {
  readonly name: string;
  readonly summary: string;
  private lowerContent: string | undefined;

  constructor(private readonly skill: Skill) {
    const described = skill.systemDescription && skill.systemDescription !== skill.summary;
    this.name = skill.name.toLowerCase();
    this.summary = (described ? `${skill.summary}\n${skill.systemDescription}` : skill.summary).toLowerCase();
  }

  get content(): string {
    this.lowerContent ??= this.skill.content.toLowerCase();
    return this.lowerContent;
  }

  /** Field 0 (name), 1 (summary) or 2 (content), as postings number them. */
  at(field: number): string {
    return field === 0 ? this.name : field === 1 ? this.summary : this.content;
  }

  all(): [string, string, string] {
    return [this.name, this.summary, this.content];
  }
}

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

function fromStored([tokens, counts]: StoredCounts): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < tokens.length; i += 1) map.set(tokens[i] as string, counts[i] as number);
  return map;
}

/**
 * Per-skill extraction, cached by Skill object identity (the probe cache keeps unchanged skills
 * identical), so rebuilding the index after one change is cheap; and across processes by the
 * version of each skill's file (`stored`, from the search docs file), so a new process tokenizes
 * only what changed. Owned by the registry.
 */
interface SearchDocCache {
  /**
   * The version of the file a skill was loaded from (path, size, mtime, ctime, inode, device: see
   * probe-cache.ts fileIdentity), or undefined when unknown (then the doc is keyed by its text).
   */
  versionOf?: (skill: Skill) => string | undefined;
  bySkill: WeakMap<Skill, Doc>;
  /** Docs as the file holds them, by key (docKey). */
  stored: Map<string, StoredDoc>;
  /** Docs of the last index built, by key: what the file should hold next. */
  current: Map<string, StoredDoc>;
  /** The last index built differs from `stored` (a doc tokenized, or one left out): write the file. */
  changed: boolean;
}

export function createSearchDocCache(
  versionOf?: SearchDocCache['versionOf'],
  stored: Map<string, StoredDoc> = new Map(),
): SearchDocCache {
  return {
    ...(versionOf ? { versionOf } : {}),
    bySkill: new WeakMap(),
    stored,
    current: new Map(),
    changed: false,
  };
}

/**
 * What a doc is derived from, as one key, without hashing (a CLI search must not load node:crypto):
 * the skill's path and file version, plus its short fields' lengths and an executable's content
 * length, which catch a skill rebuilt from the same file version (a timed-out probe retried). A
 * Markdown skill's fields are its file's bytes, so its body is not read to make the key. Without a
 * version: the fields themselves.
 */
function docKey(skill: Skill, fields: LazyFields, docCache: SearchDocCache): string {
  const version = docCache.versionOf?.(skill);
  if (version === undefined) return fields.all().join('\0');
  const probed = skill.type === 'executable' ? `:${fields.content.length}` : '';
  return `${skill.path}\0${version}\0${fields.name.length}:${fields.summary.length}${probed}`;
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

function tokenize(fields: [string, string, string]): StoredDoc {
  const counted = fields.map(countTokens);
  const tf = counted.map(([m]) => m) as [Map<string, number>, Map<string, number>, Map<string, number>];
  tf[0].set(fields[0], 1); // the whole name (`unit_convert`, `sha256sum`)
  addJoinedPairs(fields[1], tf[1]);
  return {
    tf: tf.map(toStored) as StoredDoc['tf'],
    len: counted.map(([, n]) => Math.max(1, n)) as StoredDoc['len'],
  };
}

function docOf(skill: Skill, docCache: SearchDocCache): Doc {
  let doc = docCache.bySkill.get(skill);
  if (!doc) {
    const fields = new LazyFields(skill);
    const key = docKey(skill, fields, docCache);
    let stored = docCache.stored.get(key);
    if (!stored) {
      stored = tokenize(fields.all());
      docCache.changed = true;
    }
    doc = { skill, key, stored, fields, tf: [undefined, undefined, undefined], len: stored.len };
    docCache.bySkill.set(skill, doc);
  }
  docCache.current.set(doc.key, doc.stored);
  return doc;
}

/** How often `token` occurs in the doc's field (1 when it does not: a CJK term's part). */
function termFrequency(doc: Doc, field: 0 | 1 | 2, token: string): number {
  let map = doc.tf[field];
  if (!map) {
    map = fromStored(doc.stored.tf[field]);
    doc.tf[field] = map;
  }
  return map.get(token) ?? 1;
}

/** Posting = docIndex * 3 + field, ascending. */
type Postings = number[];

export interface SearchIndex {
  search(keyword: string, limit?: number): SkillSearchResult;
}

/** One query word and its translations; a doc scores by the best of them. */
interface TermGroup {
  forms: { text: string; cjk: boolean; weight: number }[];
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
  const postings = new Map<string, Postings>();
  const avgLen = [0, 0, 0];
  docs.forEach((doc, d) => {
    doc.stored.tf.forEach(([tokens], field) => {
      avgLen[field] = (avgLen[field] as number) + doc.len[field as 0 | 1 | 2] / Math.max(1, docs.length);
      const posting = d * 3 + field;
      for (const token of tokens) {
        let list = postings.get(token);
        if (!list) {
          list = [];
          postings.set(token, list);
        }
        // A token listed twice (a hand-edited tokens file) still posts the field once.
        if (list[list.length - 1] !== posting) list.push(posting);
      }
    });
  });
  const latinVocabulary = [...postings.keys()].filter((k) => !/[\u3400-\u9fff\uf900-\ufaff]/.test(k));
  const latinMatches = new Map<string, [string, number][]>();
  const N = docs.length;

  const idfOfCount = (df: number) => Math.log(1 + (N - df + 0.5) / (df + 0.5));
  // Document frequency per posting list, counted once (lists are immutable).
  const dfCache = new WeakMap<Postings, number>();
  const docFrequency = (list: Postings): number => {
    const cached = dfCache.get(list);
    if (cached !== undefined) return cached;
    let count = 0;
    let last = -1;
    for (const p of list) {
      const d = (p / 3) | 0;
      if (d !== last) count += 1;
      last = d;
    }
    dfCache.set(list, count);
    return count;
  };
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

  const matchLatin = (term: string): [string, number][] => {
    let found = latinMatches.get(term);
    if (!found) {
      found = [];
      for (const word of latinVocabulary) {
        if (word === term) found.push([word, EXACT]);
        else if (term.length >= 3 && word.startsWith(term)) found.push([word, PREFIX]);
        else if (term.length >= 4 && word.includes(term)) found.push([word, SUBSTRING]);
      }
      if (latinMatches.size > 1000) latinMatches.clear();
      latinMatches.set(term, found);
    }
    return found;
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

  const names = docs.map((doc) => doc.fields.name);
  const abbreviationCache = new Map<string, number[]>();
  const abbreviations = (term: string): number[] => {
    let found = abbreviationCache.get(term);
    if (!found) {
      found = [];
      names.forEach((name, d) => {
        if (name.length >= 3 && name !== term && term.startsWith(name)) found?.push(d);
      });
      if (abbreviationCache.size > 1000) abbreviationCache.clear();
      abbreviationCache.set(term, found);
    }
    return found;
  };

  const scoreCjk = (text: string, weight: number) => {
    const list = cjkPostings(text);
    const tfOf = (p: number) => cjkFrequency(p, text);
    if (list.length > 0) creditPostings(list, idfOfCount(docFrequency(list)), weight, tfOf);
    if (text.length > 2) {
      // Partial credit: dictionary sub-words and bigrams (发邮件 → 邮件).
      const parts = new Set([...segmenter.cutForSearch(text), ...bigramsOf(text)]);
      for (const part of parts) {
        if (part === text || part.length < 2) continue;
        const sub = cjkPostings(part);
        if (sub.length === 0) continue;
        const partTf = (p: number) => cjkFrequency(p, part);
        creditPostings(
          sub,
          idfOfCount(docFrequency(sub)),
          (weight * PREFIX * part.length) / text.length,
          partTf,
        );
      }
    }
  };

  /** How often a CJK term occurs in a field, from the indexed grams (longer terms: their rarest bigram). */
  const cjkFrequency = (posting: number, term: string): number => {
    const doc = docs[(posting / 3) | 0] as Doc;
    const field = (posting % 3) as 0 | 1 | 2;
    let least = Number.POSITIVE_INFINITY;
    for (const gram of bigramsOf(term)) least = Math.min(least, termFrequency(doc, field, gram));
    return Number.isFinite(least) ? least : 1;
  };

  /** Doc fields containing the CJK term: all its bigrams indexed, then a substring check. */
  const cjkPostings = (term: string): Postings => {
    const grams = bigramsOf(term);
    let candidates = postings.get(grams[0] as string) ?? [];
    for (let g = 1; g < grams.length && candidates.length > 0; g += 1) {
      candidates = intersectSorted(candidates, postings.get(grams[g] as string) ?? []);
    }
    if (term.length <= 2) return candidates;
    return candidates.filter((p) => (docs[Math.floor(p / 3)] as Doc).fields.at(p % 3).includes(term));
  };

  /**
   * One group per query word with its glossary translations. English words also get the other
   * English words of their Chinese translations (replace → 替换 → substitute). A Chinese compound
   * the glossary does not know (磁盘空间) is split into its dictionary words (磁盘, 空间).
   */
  const groupsOf = (terms: QueryTerm[]): TermGroup[] => {
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
      const groups = groupsOf(terms);
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
