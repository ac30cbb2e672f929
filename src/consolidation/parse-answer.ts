/**
 * The model's answer, read as hostile input: one JSON object (or one fenced JSON block), at most
 * MAX_OPERATIONS operations, each checked on its own (shape, lengths, ids among the memories the
 * model was shown, kinds this part may yield, and `evidence`: words of this part's conversation,
 * from the person's own lines for a memory about a person). What fails is refused with the reason;
 * the rest is kept. Nothing here is retried.
 */
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import { normalizedText } from '../memory/hybrid/dedupe-save.js';
import type { Memory } from '../memory/types.js';
import { JOURNAL_CHARS, MAX_OPERATIONS, SUMMARY_CHARS } from './answer-limits.js';
import type { Part } from './day-conversations.js';
import { consolidationMessages } from './messages.js';
import type { Operation, Rejection } from './types.js';

const MIN_EVIDENCE = 4;
const MAX_MERGE = 10;

const text = (max: number) => z.string().trim().min(1).max(max);
const id = z.int().min(1).max(Number.MAX_SAFE_INTEGER);
const OperationSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('add'),
    kind: z.enum(['user', 'work', 'chat']).optional(),
    summary: text(SUMMARY_CHARS),
    topic: text(80).optional(),
    importance: z.int().min(1).max(5).optional(),
    evidence: z.string().max(300).optional(),
  }),
  z.object({
    op: z.literal('merge'),
    ids: z.array(id).min(2).max(MAX_MERGE),
    summary: text(SUMMARY_CHARS),
    topic: text(80).optional(),
  }),
  z.object({
    op: z.literal('update'),
    id,
    summary: text(SUMMARY_CHARS),
    topic: text(80).optional(),
    evidence: z.string().max(300).optional(),
  }),
  z.object({
    op: z.literal('outdate'),
    id,
    reason: z.string().max(200).optional(),
    evidence: z.string().max(300).optional(),
  }),
]);

type Proposed = z.infer<typeof OperationSchema>;

export interface PartAnswer {
  operations: Operation[];
  /** The journal so far, as the model returned it (owner parts only). */
  journal?: string;
  rejected: Rejection[];
  /** How many operations the model proposed (before any was refused). */
  proposed: number;
}

const shown = (value: unknown) => {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 300 ? `${json.slice(0, 299)}…` : json;
};

/** The JSON object of the answer: the whole text, or the one fenced block it consists of. */
function jsonOf(answer: string): unknown {
  const trimmed = answer.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  try {
    return JSON.parse(fenced ? (fenced[1] ?? '') : trimmed);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseAnswer(
  answer: string,
  part: Part,
  candidates: ReadonlyMap<number, Memory>,
  lang: Lang,
): PartAnswer {
  const t = consolidationMessages(lang);
  const rejected: Rejection[] = [];
  const refuse = (op: unknown, reason: string) => rejected.push({ part: part.index, op: shown(op), reason });
  const body = jsonOf(answer);
  if (!isObject(body)) {
    refuse(answer.slice(0, 300), t.notJson);
    return { operations: [], rejected, proposed: 0 };
  }
  const list = body.operations ?? [];
  if (!Array.isArray(list)) {
    refuse(list, t.notOperations);
    return { operations: [], rejected, proposed: 0 };
  }
  if (list.length > MAX_OPERATIONS)
    refuse(list.slice(MAX_OPERATIONS), t.tooMany(list.length, MAX_OPERATIONS));

  const userWords = part.lines.filter((l) => l.role === 'user').map((l) => normalizedText(l.text));
  const allWords = part.lines.map((l) => normalizedText(l.text));
  // What the assistant said after reading outside text may repeat it: it backs no memory at all.
  const readWords = part.lines
    .filter((l) => l.role === 'assistant' && l.untrusted.length > 0)
    .map((l) => normalizedText(l.text));
  const ownWords = part.lines
    .filter((l) => l.role === 'assistant' && l.untrusted.length === 0)
    .map((l) => normalizedText(l.text));
  /** Why `evidence` does not back a memory of `kind`; undefined when it does. */
  const unbacked = (evidence: string | undefined, kind: string): string | undefined => {
    const quote = normalizedText(evidence ?? '');
    if ([...quote].length < MIN_EVIDENCE) return t.noEvidence;
    if (userWords.some((line) => line.includes(quote))) return undefined;
    if (kind === 'work' && ownWords.some((line) => line.includes(quote))) return undefined;
    if (readWords.some((line) => line.includes(quote))) return t.evidenceFromOutside;
    return allWords.some((line) => line.includes(quote)) ? t.evidenceNotFromUser : t.evidenceNotFound;
  };
  const allowed = part.chat === null ? ['user', 'work'] : ['chat'];

  const operations: Operation[] = [];
  for (const raw of list.slice(0, MAX_OPERATIONS)) {
    const checked = OperationSchema.safeParse(raw);
    if (!checked.success) {
      refuse(raw, t.badShape(z.prettifyError(checked.error).replace(/\s+/g, ' ').slice(0, 200)));
      continue;
    }
    const why = reasonAgainst(checked.data);
    if (why) refuse(raw, why);
    else operations.push(toOperation(checked.data));
  }

  function reasonAgainst(op: Proposed): string | undefined {
    if (op.op === 'add') {
      const kind = op.kind ?? allowed[0] ?? 'user';
      if (!allowed.includes(kind)) return t.kindHere(kind);
      return unbacked(op.evidence, kind);
    }
    const ids = op.op === 'merge' ? op.ids : [op.id];
    if (new Set(ids).size !== ids.length) return t.sameIds;
    const unknown = ids.find((n) => !candidates.has(n));
    if (unknown !== undefined) return t.unknownId(unknown);
    if (op.op === 'merge') return undefined;
    return unbacked(op.evidence, candidates.get(op.id)?.kind ?? 'user');
  }

  function toOperation(op: Proposed): Operation {
    const topic = op.op !== 'outdate' && op.topic ? { topic: op.topic } : {};
    switch (op.op) {
      case 'add':
        return {
          op: 'add',
          kind: (op.kind ?? allowed[0]) as 'user' | 'work' | 'chat',
          summary: op.summary,
          ...topic,
          ...(op.importance ? { importance: op.importance } : {}),
        };
      case 'merge':
        return { op: 'merge', ids: op.ids, summary: op.summary, ...topic };
      case 'update':
        return { op: 'update', id: op.id, summary: op.summary, ...topic };
      case 'outdate':
        return { op: 'outdate', id: op.id, ...(op.reason ? { reason: op.reason } : {}) };
    }
  }

  const journal = journalOf(body.journal);
  return { operations, rejected, proposed: list.length, ...(journal === undefined ? {} : { journal }) };

  function journalOf(value: unknown): string | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') {
      refuse({ journal: value }, t.journalNotText);
      return undefined;
    }
    const note = value.trim();
    if (!note) return undefined;
    if (part.chat !== null) {
      refuse({ journal: note }, t.journalInChat);
      return undefined;
    }
    if ([...note].length > JOURNAL_CHARS) {
      refuse({ journal: note }, t.journalTooLong([...note].length, JOURNAL_CHARS));
      return undefined;
    }
    return note;
  }
}
