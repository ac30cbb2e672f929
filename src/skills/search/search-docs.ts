/**
 * The docs a search index ranks: one per skill, its lower-cased fields and token counts, made once
 * per Skill object and once per version of its file across processes (the doc cache).
 */
import type { Skill } from '../types.js';
import { fromStored, type StoredDoc, tokenize } from './doc-tokens.js';

export interface Doc {
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
export class LazyFields {
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
 * Per-skill extraction, cached by Skill object identity (the probe cache keeps unchanged skills
 * identical), so rebuilding the index after one change is cheap; and across processes by the
 * version of each skill's file (`stored`, from the search docs file), so a new process tokenizes
 * only what changed. Owned by the registry.
 */
export interface SearchDocCache {
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

export function docOf(skill: Skill, docCache: SearchDocCache): Doc {
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
export function termFrequency(doc: Doc, field: 0 | 1 | 2, token: string): number {
  let map = doc.tf[field];
  if (!map) {
    map = fromStored(doc.stored.tf[field]);
    doc.tf[field] = map;
  }
  return map.get(token) ?? 1;
}
