/**
 * Skills found by meaning: one embedding per skill (its name, summary, system description and the
 * start of its help, or of its Markdown body: an Agent Skill's SKILL.md body is read for it), kept in `AIBOX_HOME/.skills-vectors.json` under the model's key and remade
 * only for skills whose text changed. Searches fuse today's keyword ranking with the skills
 * nearest to the request by reciprocal rank, so "show running processes" can find `ps` and a
 * Chinese request an English tool without a glossary entry. Any failure leaves keyword search.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { fuseRanks } from '../../util/fuse-ranks.js';
import { readCacheFileSync } from '../../util/read-cache-file.js';
import { dotAt, normalize } from '../../util/vector-math.js';
import { parseAgentSkill } from '../markdown/agent-skill.js';
import { readSkillFile } from '../markdown/skill-file.js';
import { skillMessages } from '../messages.js';
import type { Skill, SkillRegistry, SkillSearchHit, SkillSearchResult } from '../types.js';

/** What is needed of an embedder (providers/embeddings). */
export interface SkillEmbedder {
  readonly key: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface SkillMeaning {
  /** Keyword and meaning fused; keyword alone when vectors are not ready or the query cannot be embedded. */
  search(
    keyword: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<SkillSearchResult & { byMeaning: boolean }>;
  /** Embeds skills that are new or changed; single-flight. */
  refresh(): Promise<void>;
  close(): void;
}

const HELP_CHARS = 1200;
const CANDIDATES = 50;
const BATCH = 10;

interface Entry {
  hash: string;
  vector: Float32Array;
}

/** An executable's help, a Markdown skill's body; an Agent Skill's SKILL.md body (unreadable: none). */
function bodyOf(skill: Skill): string {
  if (!skill.folder) return skill.content;
  const t = skillMessages('en');
  const read = readSkillFile(skill.path, t);
  if (!read.ok) return '';
  const parsed = parseAgentSkill(read.bytes, basename(skill.folder), t);
  return parsed.ok ? parsed.body : '';
}

function skillText(skill: Skill): string {
  return [
    `${skill.name}: ${skill.summary}`,
    skill.systemDescription ?? '',
    bodyOf(skill).slice(0, HELP_CHARS),
  ]
    .filter(Boolean)
    .join('\n');
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function readFile(path: string, key: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  try {
    const text = readCacheFileSync(path);
    if (!text) return entries;
    const parsed = JSON.parse(text) as {
      model?: string;
      skills?: Record<string, { hash?: string; v?: string }>;
    };
    if (parsed.model !== key || typeof parsed.skills !== 'object' || parsed.skills === null) return entries;
    for (const [name, item] of Object.entries(parsed.skills)) {
      if (typeof item?.hash !== 'string' || typeof item.v !== 'string') continue;
      const bytes = Buffer.from(item.v, 'base64');
      if (bytes.byteLength % 4 !== 0 || bytes.byteLength === 0) continue;
      const vector = new Float32Array(bytes.byteLength / 4);
      new Uint8Array(vector.buffer).set(bytes);
      entries.set(name, { hash: item.hash, vector });
    }
  } catch {
    // A damaged file is remade.
  }
  return entries;
}

function fileText(key: string, entries: Map<string, Entry>): string {
  const skills: Record<string, { hash: string; v: string }> = {};
  for (const [name, e] of entries) {
    skills[name] = {
      hash: e.hash,
      v: Buffer.from(e.vector.buffer, e.vector.byteOffset, e.vector.byteLength).toString('base64'),
    };
  }
  return JSON.stringify({ model: key, skills });
}

export function createSkillMeaning(options: {
  skills: SkillRegistry;
  embedder: SkillEmbedder;
  file: string;
  onError?: (error: unknown) => void;
}): SkillMeaning {
  const { skills, embedder } = options;
  const entries = readFile(options.file, embedder.key);
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;

  const pass = async () => {
    const wanted = new Map(
      skills
        .list()
        .filter((s) => s.status === 'ok')
        .map((s) => [s.name, skillText(s)]),
    );
    let changed = false;
    for (const name of [...entries.keys()]) {
      if (!wanted.has(name)) {
        entries.delete(name);
        changed = true;
      }
    }
    const todo = [...wanted].filter(([name, text]) => entries.get(name)?.hash !== hashOf(text));
    for (let at = 0; at < todo.length && !closed; at += BATCH) {
      const batch = todo.slice(at, at + BATCH);
      const vectors = await embedder.embed(batch.map(([, text]) => text));
      batch.forEach(([name, text], i) => {
        const vector = vectors[i];
        if (vector) entries.set(name, { hash: hashOf(text), vector: normalize(Float32Array.from(vector)) });
      });
      changed = true;
    }
    if (changed && !closed) await writeFileAtomic(options.file, fileText(embedder.key, entries), 0o600);
  };

  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          void refresh();
        }
      });
    return running;
  };
  const unsubscribe = skills.onChange(() => void refresh());

  return {
    refresh,
    async search(keyword, limit, signal) {
      const byKeyword = skills.search(keyword, { limit: Math.max(limit, CANDIDATES) });
      const keywordOnly = { total: byKeyword.total, hits: byKeyword.hits.slice(0, limit), byMeaning: false };
      if (!keyword.trim() || entries.size === 0) return keywordOnly;
      let query: Float32Array | undefined;
      try {
        [query] = await embedder.embed([keyword], signal);
      } catch {
        return keywordOnly;
      }
      if (!query) return keywordOnly;
      const q = normalize(Float32Array.from(query));
      const nearest = [...entries]
        .filter(([, e]) => e.vector.length === q.length)
        .map(([name, e]) => ({ name, similarity: dotAt(e.vector, 0, q) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, CANDIDATES);
      const lists = [byKeyword.hits.map((hit) => hit.skill.name), nearest.map((hit) => hit.name)];
      const byName = new Map(byKeyword.hits.map((hit) => [hit.skill.name, hit]));
      const hits: SkillSearchHit[] = [];
      for (const { key: name, score } of fuseRanks(lists)) {
        if (hits.length >= limit) break;
        const skill = byName.get(name)?.skill ?? skills.get(name);
        if (skill?.status !== 'ok') continue;
        hits.push({ skill, score, snippet: byName.get(name)?.snippet ?? skill.summary });
      }
      return { total: Math.max(byKeyword.total, hits.length), hits, byMeaning: true };
    },
    close() {
      closed = true;
      unsubscribe();
    },
  };
}
