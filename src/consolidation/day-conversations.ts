/**
 * What consolidation reads of a day: the user and assistant text of the conversations of that
 * local day, never tool results, tool calls, summaries or system rows (fetched pages, files and
 * MCP results reach the model only as tool results). Task runs (`task-<id>`: their "user" text is
 * the task's instructions) and the MCP session (`mcp`: another program asking) are left out.
 * The lines are grouped by whose they are: the owner's sessions together, each other chat alone
 * (its text only ever yields that chat's memories), and cut into parts of at most `partChars`.
 * Each line knows the outside text its conversation had read before it (tool results'
 * `untrusted`: what the model had in its context), and each part what all of its lines did (a
 * chat's part: `stranger` too), for the memories made from it.
 */
import type { Database } from 'better-sqlite3';
import type { ScopeOfSession } from '../memory/types.js';
import { STRANGER } from '../memory/untrusted.js';
import { decodeNames, unionNames } from '../store/name-set.js';
import { cleanText } from '../util/untrusted-text.js';

export interface DayLine {
  /** As stored (ISO with offset). */
  at: string;
  session: string;
  role: 'user' | 'assistant';
  text: string;
  /** The kinds of outside text its conversation's tool results had brought before it (src/memory/untrusted.ts). */
  untrusted: string[];
}

export interface Part {
  /** 1-based, in reading order. */
  index: number;
  /** The chat whose lines these are (`telegram:42`); null: the owner's sessions. */
  chat: string | null;
  lines: DayLine[];
  /** Every kind of outside text its lines' conversations had read, and `stranger` for a chat's part. */
  untrusted: string[];
}

/** A message's first LINE_CHARS characters are read; at most MAX_LINES messages a day. */
const LINE_CHARS = 2000;
const MAX_LINES = 5000;

const NOT_CONVERSATIONS = /^(task-\d+|mcp)$/;

const CONVERSATIONS_OF_DAY = `conversations c JOIN messages m ON m.conversation_id = c.id
       WHERE julianday(c.started_at) < julianday(@to)
         AND (c.ended_at IS NULL OR julianday(c.ended_at) >= julianday(@from))`;

export function readDay(db: Database, from: Date, to: Date): DayLine[] {
  const window = { from: from.toISOString(), to: to.toISOString() };
  const rows = db
    .prepare(
      `SELECT m.id AS id, m.conversation_id AS conversation, m.created_at AS at, c.session_id AS session,
         m.role AS role, m.content AS text
       FROM ${CONVERSATIONS_OF_DAY}
         AND julianday(m.created_at) >= julianday(@from) AND julianday(m.created_at) < julianday(@to)
         AND m.role IN ('user', 'assistant') AND m.kind = 'message'
         AND m.content IS NOT NULL AND trim(m.content) != ''
       ORDER BY julianday(m.created_at), m.id LIMIT @limit`,
    )
    .all({ ...window, limit: MAX_LINES }) as (Omit<DayLine, 'untrusted'> & {
    id: number;
    conversation: string;
  })[];
  // The tool results with outside text of those conversations, earlier days' included.
  const results = db
    .prepare(
      `SELECT m.id AS id, m.conversation_id AS conversation, m.untrusted AS untrusted
       FROM ${CONVERSATIONS_OF_DAY} AND m.role = 'tool' AND m.untrusted IS NOT NULL`,
    )
    .all(window) as { id: number; conversation: string; untrusted: string }[];
  const readBefore = (conversation: string, id: number) =>
    unionNames(
      ...results
        .filter((r) => r.conversation === conversation && r.id < id)
        .map((r) => decodeNames(r.untrusted)),
    );
  return rows
    .filter((row) => !NOT_CONVERSATIONS.test(row.session))
    .map(({ id, conversation, ...row }) => ({
      ...row,
      text: cleanText(row.text).slice(0, LINE_CHARS),
      untrusted: readBefore(conversation, id),
    }));
}

function partOf(index: number, chat: string | null, lines: DayLine[]): Part {
  const untrusted = unionNames(chat === null ? [] : [STRANGER], ...lines.map((line) => line.untrusted));
  return { index, chat, lines, untrusted };
}

/** The owner's lines first, then each chat's; each group cut into parts of at most `partChars`. */
export function splitParts(lines: DayLine[], scopeOf: ScopeOfSession, partChars: number): Part[] {
  const groups = new Map<string | null, DayLine[]>([[null, []]]);
  for (const line of lines) {
    const chat = scopeOf(line.session) ?? null;
    const group = groups.get(chat) ?? [];
    group.push(line);
    groups.set(chat, group);
  }
  const parts: Part[] = [];
  for (const [chat, group] of groups) {
    let current: DayLine[] = [];
    let size = 0;
    for (const line of group) {
      if (current.length > 0 && size + line.text.length > partChars) {
        parts.push(partOf(parts.length + 1, chat, current));
        current = [];
        size = 0;
      }
      current.push(line);
      size += line.text.length;
    }
    if (current.length > 0) parts.push(partOf(parts.length + 1, chat, current));
  }
  return parts;
}
