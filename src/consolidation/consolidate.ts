/**
 * One consolidation run over a local day: the day's conversations in parts, one model request a
 * part (the owner's parts carry the journal on), each answer checked (parse-answer.ts), then
 * everything applied at once (apply-operations.ts), with a run record. Budgeted: every request is
 * in the usage ledger (channel `memory`), none starts while a budget is used up, and none starts
 * that could pass `memory.consolidate.max_tokens` (its prompt estimate plus the longest answer it
 * may give); the run then stops, keeps what it read and says so. Never loops: each part is asked
 * once, whatever it answers.
 */
import type { Database } from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Memory, MemoryStore, ScopeOfSession } from '../memory/types.js';
import type { ChatProvider } from '../providers/types.js';
import { estimateTokens } from '../session/token-estimate.js';
import { searchTerms } from '../store/fts-terms.js';
import { unionNames } from '../store/name-set.js';
import { addDays, dayKey, startOfDay } from '../usage/day-key.js';
import type { UsageLedger } from '../usage/ledger.js';
import { estimateUsage } from '../usage/turn-meter.js';
import type { Clock } from '../util/clock.js';
import { applyOperations, type PlannedOperation } from './apply-operations.js';
import { type Part, readDay, splitParts } from './day-conversations.js';
import { consolidationMessages } from './messages.js';
import { buildRequest } from './prompt.js';
import type { RunStore } from './run-store.js';
import type { ConsolidationRun, Rejection, RunChange, RunStats, RunStatus, StartedBy } from './types.js';
import { type UndoResult, undoRun } from './undo-run.js';

/** Characters of conversation per request, the longest answer asked for, and the least worth asking. */
export const PART_CHARS = 12_000;
const ANSWER_TOKENS = 2048;
const MIN_ANSWER_TOKENS = 256;
/** Memories shown to the model per part: the best keyword matches of its words, then the newest. */
const CANDIDATES = 30;

export interface ConsolidateDeps {
  db: Database;
  memory: MemoryStore;
  runs: RunStore;
  provider: Pick<ChatProvider, 'complete' | 'info'>;
  ledger: UsageLedger;
  scopeOf: ScopeOfSession;
  config: () => Config;
  lang: Lang;
  clock: Clock;
  /** After a run changed memories (wakes the embedding indexer). */
  onChanged?: () => void;
}

export interface ConsolidateOptions {
  /** `YYYY-MM-DD`; default `dayToConsolidate(now)`. */
  day?: string;
  dryRun?: boolean;
  startedBy: StartedBy;
  signal?: AbortSignal;
}

export interface ConsolidateResult {
  run: ConsolidationRun;
  changes: RunChange[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Before noon, the day before (a night run reads the day that ended); from noon, the same day. */
export function dayToConsolidate(now: Date, timeZone: string): string {
  const today = dayKey(now, timeZone);
  const noon = startOfDay(today, timeZone).getTime() + 12 * 3_600_000;
  if (now.getTime() >= noon) return today;
  return dayKey(new Date(startOfDay(today, timeZone).getTime() - 3_600_000), timeZone);
}

/** Whether `day` is a real `YYYY-MM-DD` not after today. */
export function isConsolidationDay(day: string, now: Date, timeZone: string): boolean {
  if (!DAY.test(day)) return false;
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return false;
  return day <= dayKey(now, timeZone);
}

function candidatesFor(memory: MemoryStore, part: Part): Memory[] {
  const words = part.lines
    .filter((line) => line.role === 'user')
    .map((line) => line.text)
    .join(' ');
  const scope = part.chat;
  const found = new Map<number, Memory>();
  const take = (items: Memory[]) => {
    for (const item of items) {
      if (found.size >= CANDIDATES) return;
      if (item.kind !== 'journal') found.set(item.id, item);
    }
  };
  const terms = searchTerms(words, 40);
  if (terms.length > 0) take(memory.search(terms.join(' '), { scope, pageSize: 20 }).items);
  take(memory.recent({ scope, pageSize: 10 }).items);
  return [...found.values()];
}

export interface Consolidator {
  /** Runs one day; throws ConsolidationRefused for a bad day or while another run is going on. */
  run(options: ConsolidateOptions): Promise<ConsolidateResult>;
  undo(runId: number): UndoResult;
  /** Why no run may ask the model now (a budget is used up), or undefined. */
  budgetRefusal(): string | undefined;
  readonly runs: RunStore;
}

export function createConsolidator(deps: ConsolidateDeps): Consolidator {
  const t = consolidationMessages(deps.lang);
  let running = false;
  return {
    runs: deps.runs,
    budgetRefusal: () => deps.ledger.refusal(deps.lang),
    async run(options) {
      const config = deps.config();
      const timeZone = config.scheduler.timezone;
      const now = deps.clock.now();
      const day = options.day ?? dayToConsolidate(now, timeZone);
      if (!isConsolidationDay(day, now, timeZone))
        throw new ConsolidationRefused('bad_request', t.badDay(day.slice(0, 40)));
      if (running) throw new ConsolidationRefused('conflict', t.busy);
      running = true;
      try {
        return await runDay(deps, { ...options, day }, config.memory.consolidate.max_tokens);
      } finally {
        running = false;
      }
    },
    undo(runId) {
      const result = undoRun(deps, runId);
      if (result.ok) deps.onChanged?.();
      return result;
    },
  };
}

/** A run that was not started, with why. */
export class ConsolidationRefused extends Error {
  constructor(
    readonly code: 'bad_request' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

async function runDay(
  deps: ConsolidateDeps,
  options: ConsolidateOptions & { day: string },
  maxTokens: number,
): Promise<ConsolidateResult> {
  const t = consolidationMessages(deps.lang);
  const { day } = options;
  const timeZone = deps.config().scheduler.timezone;
  const lines = readDay(deps.db, startOfDay(day, timeZone), startOfDay(addDays(day, 1), timeZone));
  const parts = splitParts(lines, deps.scopeOf, PART_CHARS);
  const run = deps.runs.start({
    day,
    dryRun: options.dryRun === true,
    startedBy: options.startedBy,
    maxTokens,
  });
  const origin = { session: 'memory-consolidate', turnId: `run-${run.id}`, taskId: null, channel: 'memory' };
  const stats: RunStats = {
    parts: parts.length,
    partsRead: 0,
    messages: lines.length,
    sessions: new Set(lines.map((line) => line.session)).size,
    proposed: 0,
    applied: 0,
  };
  const rejected: Rejection[] = [];
  const planned: PlannedOperation[] = [];
  let journal: string | undefined;
  // The journal is rewritten from every owner's part read: it came with what all of them read.
  let journalUntrusted: string[] = [];
  let tokens = 0;
  let requests = 0;
  let status: RunStatus = 'done';
  let error: string | null = null;

  for (const part of parts) {
    const refusal = deps.ledger.refusal(deps.lang);
    if (refusal) {
      [status, error] = ['capped', t.budget(refusal, stats.partsRead, parts.length)];
      break;
    }
    const candidates = candidatesFor(deps.memory, part);
    const messages = buildRequest(part, candidates, journal, deps.lang);
    const prompt = estimateTokens(messages);
    const room = Math.min(ANSWER_TOKENS, maxTokens - tokens - prompt);
    if (room < MIN_ANSWER_TOKENS) {
      const next = prompt + MIN_ANSWER_TOKENS;
      [status, error] = ['capped', t.capped(tokens, next, maxTokens, stats.partsRead, parts.length)];
      break;
    }
    let answer: string;
    try {
      const completion = await deps.provider.complete(
        { messages, temperature: 0.2, maxTokens: room },
        options.signal ?? new AbortController().signal,
      );
      answer = completion.text;
      const usage = completion.usage ?? estimateUsage({ messages, reply: answer });
      deps.ledger.record({ ...origin, model: deps.provider.info.model }, usage);
      tokens += usage.totalTokens;
      requests += 1;
    } catch (failure) {
      [status, error] = ['failed', t.failed(part.index, describeError(failure).slice(0, 300))];
      break;
    }
    stats.partsRead += 1;
    // Loaded on first use: it brings zod, which `aibox serve` does not load at start.
    const { parseAnswer } = await import('./parse-answer.js');
    const read = parseAnswer(answer, part, new Map(candidates.map((m) => [m.id, m])), deps.lang);
    stats.proposed += read.proposed;
    rejected.push(...read.rejected);
    planned.push(
      ...read.operations.map((op) => ({ part: part.index, chat: part.chat, untrusted: part.untrusted, op })),
    );
    if (part.chat === null) journalUntrusted = unionNames(journalUntrusted, part.untrusted);
    if (read.journal !== undefined) journal = read.journal;
  }

  const applied = applyOperations(
    { db: deps.db, memory: deps.memory, runs: deps.runs, lang: deps.lang },
    {
      runId: run.id,
      dryRun: options.dryRun === true,
      operations: planned,
      ...(journal
        ? { journal: { day, text: journal, topic: t.journalTopic(day), untrusted: journalUntrusted } }
        : {}),
    },
  );
  rejected.push(...applied.skipped);
  stats.applied = applied.changes.filter((c) => c.action !== 'merged').length;
  const finished = deps.runs.finish(run.id, { status, tokens, requests, error, rejected, stats });
  if (!options.dryRun && applied.changes.length > 0) deps.onChanged?.();
  return { run: finished, changes: applied.changes };
}
