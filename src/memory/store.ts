/**
 * The MemoryStore on memories.db. Inserts write the row and its index entry in
 * one transaction; deletes rely on the `memories_index_delete` trigger, so the
 * index never keeps stale entries.
 */
import type { Database } from 'better-sqlite3';
import { RANK_WINDOW, rankWindow } from '../store/fts-rank-window.js';
import { indexText, matchExpression, snippetFor } from '../store/fts-terms.js';
import { decodeNames, encodeNames, unionNames } from '../store/name-set.js';
import { type Clock, systemClock } from '../util/clock.js';
import {
  isMemoryKind,
  type Memory,
  type MemorySearchHit,
  type MemoryStore,
  type NewMemory,
  type Page,
  type PageOptions,
} from './types.js';

interface MemoryStoreOptions {
  db: Database;
  clock?: Clock;
}

interface MemoryRow {
  id: number;
  topic: string;
  summary: string;
  content: string | null;
  tags: string | null;
  importance: number | null;
  start_time: string;
  end_time: string;
  created_at: string;
  chat: string | null;
  source: string | null;
  recall_count: number | null;
  recalled_at: string | null;
  kind: string | null;
  day: string | null;
  outdated_at: string | null;
  untrusted: string | null;
}

const DEFAULT_TOPIC = '未命名对话';
/** bm25 column weights: topic, summary, content, tags. */
const RANK = 'bm25(memory_index, 4.0, 2.0, 1.0, 3.0)';
/** Counting stops at COUNT_CAP (`Page.capped`); ranking runs over a window (fts-rank-window.ts). */
const COUNT_CAP = 1000;

function toMemory(row: MemoryRow): Memory {
  return {
    id: row.id,
    topic: row.topic,
    summary: row.summary,
    content: row.content ?? '',
    tags: row.tags
      ? row.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : [],
    importance: row.importance ?? 1,
    startTime: row.start_time,
    endTime: row.end_time,
    createdAt: row.created_at,
    chat: row.chat ?? null,
    source: row.source ?? null,
    recallCount: row.recall_count ?? 0,
    recalledAt: row.recalled_at ?? null,
    kind: isMemoryKind(row.kind) ? row.kind : row.chat ? 'chat' : 'user',
    day: row.day ?? null,
    outdatedAt: row.outdated_at ?? null,
    untrusted: decodeNames(row.untrusted),
  };
}

const joinTags = (tags: string[]) =>
  tags
    .map((t) => t.replaceAll(',', ' ').trim())
    .filter(Boolean)
    .join(',');
const clampImportance = (n: number) => Math.min(5, Math.max(1, Math.round(n)));

function paging(options: PageOptions = {}): { page: number; pageSize: number; offset: number } {
  const pageSize = Math.min(50, Math.max(1, Math.floor(options.pageSize ?? 10)));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * The WHERE conditions (after the FTS match, if any) and their parameters for a scope and a kind.
 * Their key names one prepared statement per combination.
 */
function filterOf(options: PageOptions): { key: string; sql: string; params: (string | null)[] } {
  const parts: string[] = [];
  const params: (string | null)[] = [];
  if (options.scope !== undefined) {
    parts.push('m.chat IS ?');
    params.push(options.scope);
  }
  if (options.kind !== undefined) {
    parts.push('m.kind = ?');
    params.push(options.kind);
  }
  return { key: parts.join(' AND '), sql: parts.map((part) => ` AND ${part}`).join(''), params };
}

function pageOf<T>(items: T[], total: number, page: number, pageSize: number): Page<T> {
  return { total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)), items };
}

export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const insertRow =
    db.prepare(`INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance, chat, source, kind, day, untrusted)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertIndex = db.prepare(
    'INSERT INTO memory_index (rowid, topic, summary, content, tags) VALUES (?, ?, ?, ?, ?)',
  );
  const getRow = db.prepare('SELECT * FROM memories WHERE id = ?');
  const countAll = db.prepare('SELECT count(*) AS n FROM memories');
  const recentRows = db.prepare('SELECT * FROM memories ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?');
  const deleteRow = db.prepare('DELETE FROM memories WHERE id = ?');
  // Off the memories_chat index (chat, created_at), which holds the rowid.
  const chatRows = db.prepare('SELECT id, kind FROM memories WHERE chat = ?');
  // Over-fetches from the index, then breaks bm25 ties by importance and recency.
  // `CAST(? AS INTEGER)`: better-sqlite3 binds a JS number as REAL, and FTS5 only seeks a rowid
  // bound given as INTEGER; with a REAL bound it reads every match and SQLite filters afterwards.
  const searchRows = db.prepare(`SELECT m.*, r.rank FROM (
      SELECT rowid, ${RANK} AS rank FROM memory_index
      WHERE memory_index MATCH ? AND rowid >= CAST(? AS INTEGER) ORDER BY rank LIMIT ?
    ) r JOIN memories m ON m.id = r.rowid ORDER BY r.rank, m.importance DESC, m.created_at DESC LIMIT ? OFFSET ?`);
  const countMatches = db.prepare(
    'SELECT count(*) AS n FROM (SELECT rowid FROM memory_index WHERE memory_index MATCH ? LIMIT ?)',
  );
  // One scope's memories (a chat's, or the owner's: `chat IS ?` with null) or one kind's. A
  // chat, or a kind asked for, is searched by ranking all of its matches, without the recent window.
  const filtered = new Map<string, ReturnType<typeof filteredStatements>>();
  const filteredStatements = (sql: string) => ({
    search: db.prepare(`SELECT m.*, ${RANK} AS rank FROM memory_index
      JOIN memories m ON m.id = memory_index.rowid
      WHERE memory_index MATCH ?${sql} ORDER BY rank, m.importance DESC, m.created_at DESC LIMIT ? OFFSET ?`),
    countMatches: db.prepare(`SELECT count(*) AS n FROM (SELECT m.id FROM memory_index
      JOIN memories m ON m.id = memory_index.rowid WHERE memory_index MATCH ?${sql} LIMIT ?)`),
    recent: db.prepare(
      `SELECT * FROM memories m WHERE 1${sql} ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
    ),
    count: db.prepare(`SELECT count(*) AS n FROM memories m WHERE 1${sql}`),
  });
  const statementsFor = (filter: { key: string; sql: string }) => {
    let found = filtered.get(filter.key);
    if (!found) {
      found = filteredStatements(filter.sql);
      filtered.set(filter.key, found);
    }
    return found;
  };
  const windowFloor = rankWindow(db, 'memory_index', 'memories');

  const save = db.transaction((input: NewMemory): Memory => {
    const now = clock.now();
    const topic = input.topic?.trim() || DEFAULT_TOPIC;
    const tags = joinTags(input.tags ?? []);
    const importance = clampImportance(input.importance ?? 2);
    const info = insertRow.run(
      topic,
      input.summary,
      input.content ?? '',
      (input.startTime ?? now).toISOString(),
      (input.endTime ?? now).toISOString(),
      now.toISOString(),
      tags,
      importance,
      input.chat ?? null,
      input.source?.slice(0, 200) ?? null,
      input.kind ?? (input.chat ? 'chat' : 'user'),
      input.day ?? null,
      encodeNames(input.untrusted),
    );
    const id = Number(info.lastInsertRowid);
    insertIndex.run(
      id,
      indexText(topic),
      indexText(input.summary),
      indexText(input.content),
      indexText(tags),
    );
    return toMemory(getRow.get(id) as MemoryRow);
  });

  // Newer facts make an outdated memory current again.
  const updateRow = db.prepare(
    'UPDATE memories SET topic = ?, summary = ?, content = ?, tags = ?, importance = ?, end_time = ?, untrusted = ?, outdated_at = NULL WHERE id = ?',
  );
  const deleteIndex = db.prepare('DELETE FROM memory_index WHERE rowid = ?');
  const update = db.transaction((id: number, input: NewMemory): Memory | undefined => {
    const row = getRow.get(id) as MemoryRow | undefined;
    if (!row) return undefined;
    const old = toMemory(row);
    const topic = input.topic?.trim() || old.topic;
    const tags = input.tags ? joinTags(input.tags) : old.tags.join(',');
    const content = input.content ?? old.content;
    const importance = Math.max(old.importance, clampImportance(input.importance ?? old.importance));
    const untrusted = encodeNames(unionNames(old.untrusted, input.untrusted));
    updateRow.run(topic, input.summary, content, tags, importance, clock.now().toISOString(), untrusted, id);
    deleteIndex.run(id);
    insertIndex.run(id, indexText(topic), indexText(input.summary), indexText(content), indexText(tags));
    return toMemory(getRow.get(id) as MemoryRow);
  });

  const outdateRow = db.prepare('UPDATE memories SET outdated_at = ? WHERE id = ?');
  const journalRow = db.prepare("SELECT * FROM memories WHERE kind = 'journal' AND day = ?");
  const restoreUpdate =
    db.prepare(`UPDATE memories SET topic = @topic, summary = @summary, content = @content,
    start_time = @start_time, end_time = @end_time, created_at = @created_at, tags = @tags, importance = @importance,
    chat = @chat, source = @source, recall_count = @recall_count, recalled_at = @recalled_at, kind = @kind,
    day = @day, outdated_at = @outdated_at, untrusted = @untrusted WHERE id = @id`);
  const restoreInsert = db.prepare(`INSERT INTO memories (id, topic, summary, content, start_time, end_time,
    created_at, tags, importance, chat, source, recall_count, recalled_at, kind, day, outdated_at, untrusted)
    VALUES (@id, @topic, @summary, @content, @start_time, @end_time, @created_at, @tags, @importance, @chat,
    @source, @recall_count, @recalled_at, @kind, @day, @outdated_at, @untrusted)`);
  const restore = db.transaction((memory: Memory): Memory => {
    const row = {
      id: memory.id,
      topic: memory.topic,
      summary: memory.summary,
      content: memory.content,
      start_time: memory.startTime,
      end_time: memory.endTime,
      created_at: memory.createdAt,
      tags: joinTags(memory.tags),
      importance: clampImportance(memory.importance),
      chat: memory.chat,
      source: memory.source,
      recall_count: memory.recallCount,
      recalled_at: memory.recalledAt,
      kind: memory.kind,
      day: memory.day,
      outdated_at: memory.outdatedAt,
      // A run record written before migration 19 has no `untrusted`.
      untrusted: encodeNames(memory.untrusted ?? []),
    };
    if (restoreUpdate.run(row).changes === 0) restoreInsert.run(row);
    deleteIndex.run(memory.id);
    insertIndex.run(
      memory.id,
      indexText(row.topic),
      indexText(row.summary),
      indexText(row.content),
      indexText(row.tags),
    );
    return toMemory(getRow.get(memory.id) as MemoryRow);
  });

  const recalledRow = db.prepare(
    'UPDATE memories SET recall_count = recall_count + 1, recalled_at = ? WHERE id = ?',
  );
  const markRecalled = db.transaction((ids: number[]) => {
    const at = clock.now().toISOString();
    for (const id of ids) recalledRow.run(at, id);
  });

  const remove = db.transaction((ids: number[]): number => {
    let n = 0;
    for (const id of ids) n += deleteRow.run(id).changes;
    return n;
  });

  return {
    save,
    update,
    search(query, searchOptions = {}) {
      const { page, pageSize, offset } = paging(searchOptions);
      const match = matchExpression(query, searchOptions.matchAll);
      if (!match) return pageOf<MemorySearchHit>([], 0, page, pageSize);
      const filter = filterOf(searchOptions);
      const narrow = filter.key ? statementsFor(filter) : undefined;
      const counted = narrow
        ? (narrow.countMatches.get(match.expression, ...filter.params, COUNT_CAP + 1) as { n: number }).n
        : (countMatches.get(match.expression, COUNT_CAP + 1) as { n: number }).n;
      const rows = (
        narrow
          ? narrow.search.all(match.expression, ...filter.params, pageSize, offset)
          : searchRows.all(
              match.expression,
              counted > RANK_WINDOW ? windowFloor(match.expression) : 0,
              (offset + pageSize) * 2 + 10,
              pageSize,
              offset,
            )
      ) as (MemoryRow & { rank: number })[];
      const items = rows.map((row) => {
        const memory = toMemory(row);
        const inSummary = memory.summary.toLowerCase().includes(match.keywords[0]?.toLowerCase() ?? '');
        const snippet = snippetFor(
          inSummary ? memory.summary : memory.content || memory.summary,
          match.keywords,
        );
        return { ...memory, score: -row.rank, snippet };
      });
      const result = pageOf(items, Math.min(counted, COUNT_CAP), page, pageSize);
      return counted > COUNT_CAP ? { ...result, capped: true } : result;
    },
    recent(pageOptions) {
      const { page, pageSize, offset } = paging(pageOptions);
      const filter = filterOf(pageOptions ?? {});
      const narrow = filter.key ? statementsFor(filter) : undefined;
      const total = (narrow ? narrow.count.get(...filter.params) : countAll.get()) as { n: number };
      const rows = narrow
        ? narrow.recent.all(...filter.params, pageSize, offset)
        : recentRows.all(pageSize, offset);
      const items = (rows as MemoryRow[]).map(toMemory);
      return pageOf(items, total.n, page, pageSize);
    },
    outdate(id, outdated = true) {
      if (outdateRow.run(outdated ? clock.now().toISOString() : null, id).changes === 0) return undefined;
      return toMemory(getRow.get(id) as MemoryRow);
    },
    restore,
    journal(day) {
      const row = journalRow.get(day) as MemoryRow | undefined;
      return row ? toMemory(row) : undefined;
    },
    get(id) {
      const row = getRow.get(id) as MemoryRow | undefined;
      return row ? toMemory(row) : undefined;
    },
    delete(ids) {
      return remove(Array.isArray(ids) ? ids : [ids]);
    },
    markRecalled(ids) {
      if (ids.length > 0) markRecalled(ids);
    },
    count() {
      return (countAll.get() as { n: number }).n;
    },
    chatIds(chat, kind) {
      const rows = chatRows.all(chat) as { id: number; kind: string }[];
      return new Set(rows.flatMap((row) => (kind === undefined || row.kind === kind ? [row.id] : [])));
    },
  };
}
