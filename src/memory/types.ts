/**
 * Long-term memory: what the agent saved about past conversations, searchable
 * in Chinese and English. Implemented by `createMemoryStore` (./store.ts) on the
 * `memories` table of memories.db (see docs/memory-and-tasks.md).
 */

/**
 * What a memory is about: `user` (the person), `work` (the box's own work, how it did things),
 * `chat` (a chat's: every memory with a `chat` is one), `journal` (the daily note, one per day).
 */
export const MEMORY_KINDS = ['user', 'work', 'chat', 'journal'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export function isMemoryKind(value: unknown): value is MemoryKind {
  return typeof value === 'string' && (MEMORY_KINDS as readonly string[]).includes(value);
}

export interface Memory {
  id: number;
  kind: MemoryKind;
  topic: string;
  summary: string;
  content: string;
  tags: string[];
  /** 1 (low) .. 5 (high); the original's default was 2 for saves by the model. */
  importance: number;
  /** ISO 8601 UTC. */
  startTime: string;
  endTime: string;
  createdAt: string;
  /** The chat it belongs to (`telegram:42`): shown only there; null: the owner's. */
  chat: string | null;
  /** The session that saved it (`main`, `telegram-42`, `mcp`); null when not known. */
  source: string | null;
  /** How often automatic recall put it in a prompt, and the last time (ISO UTC; null: never). */
  recallCount: number;
  recalledAt: string | null;
  /** The local day (`YYYY-MM-DD`) a journal note is about; null for other kinds. */
  day: string | null;
  /** When consolidation marked it outdated (ISO UTC): kept and shown, never recalled. */
  outdatedAt: string | null;
  /**
   * The kinds of outside text it came with (`web`, `file`, `command`, `mcp:<server>`,
   * `stranger`: ./untrusted.ts), sorted; empty: none known.
   */
  untrusted: string[];
}

/**
 * Which memories a search or a list sees: absent, all of them (the owner); a chat, only that
 * chat's; null, only the owner's (deduplication compares within one owner).
 */
export type MemoryScope = string | null | undefined;

/** The memories a session's turn sees: its chat's (`telegram:42`), or undefined for the owner's sessions. */
export type ScopeOfSession = (sessionId: string) => string | undefined;

export interface NewMemory {
  summary: string;
  topic?: string;
  content?: string;
  tags?: string[];
  importance?: number;
  /** Defaults to now. */
  startTime?: Date;
  endTime?: Date;
  /** The chat it belongs to; absent or null: the owner's. */
  chat?: string | null;
  /** The session that saves it. */
  source?: string | null;
  /** Default `chat` when `chat` is set, else `user`. */
  kind?: MemoryKind;
  /** A journal note's day. */
  day?: string | null;
  /** The outside text it came with (./untrusted.ts); an update adds these to the memory's. */
  untrusted?: readonly string[];
}

export interface PageOptions {
  /** 1-based. */
  page?: number;
  /** Clamped to 1..50; default 10. */
  pageSize?: number;
  /** Whose memories (absent: all). */
  scope?: MemoryScope;
  /** Only memories of this kind (absent: every kind). */
  kind?: MemoryKind;
}

export interface MemorySearchOptions extends PageOptions {
  /** Every whitespace-separated keyword must match (default: any). */
  matchAll?: boolean;
}

export interface MemorySearchHit extends Memory {
  /** Higher is better (negated bm25). */
  score: number;
  /** A short excerpt of the summary/content around the first match. */
  snippet: string;
}

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  items: T[];
  /** Search only: more than `total` matched; counting stopped there. */
  capped?: boolean;
}

export interface MemoryStore {
  save(input: NewMemory): Memory;
  /**
   * Rewrites a memory with newer facts (a duplicate saved again): summary, topic, content and tags
   * replaced when given, importance the higher, end time now, `untrusted` the union of both.
   * Undefined when it does not exist.
   */
  update(id: number, input: NewMemory): Memory | undefined;
  /** Marks it outdated now (or not outdated: `false`); undefined when it does not exist. */
  outdate(id: number, outdated?: boolean): Memory | undefined;
  /**
   * Writes a memory back exactly as it was (every column, its id included; inserted when it is
   * gone), for undoing a consolidation run.
   */
  restore(memory: Memory): Memory;
  /** The journal note of a local day, if there is one. */
  journal(day: string): Memory | undefined;
  /**
   * Full-text search. Any text is a valid query (quotes and FTS operators are
   * treated as plain characters). Ranked by relevance, then importance, then recency.
   */
  search(query: string, options?: MemorySearchOptions): Page<MemorySearchHit>;
  /** Newest first. */
  recent(options?: PageOptions): Page<Memory>;
  get(id: number): Memory | undefined;
  /** Counts one automatic recall of each memory (now). */
  markRecalled(ids: number[]): void;
  /** Deletes the rows and their search-index entries; returns how many existed. */
  delete(ids: number | number[]): number;
  count(): number;
  /** The ids of one chat's memories (of one kind), for a vector search among them alone. */
  chatIds(chat: string, kind?: MemoryKind): Set<number>;
}
