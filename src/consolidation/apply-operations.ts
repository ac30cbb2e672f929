/**
 * Applies a run's validated operations and its journal in one transaction, recording each change
 * (the memory before and after) with the run. Each operation is checked again against the memories
 * as they are now (one merged away earlier in the run is gone); one that would change nothing is
 * skipped with the reason, never retried. A dry run does the same and rolls it all back: its
 * changes are what would have happened.
 */
import type { Database } from 'better-sqlite3';
import type { Lang } from '../i18n/lang.js';
import { normalizedText } from '../memory/hybrid/dedupe-save.js';
import type { Memory, MemoryStore } from '../memory/types.js';
import { unionNames } from '../store/name-set.js';
import { consolidationMessages } from './messages.js';
import type { RunStore } from './run-store.js';
import type { Operation, Rejection, RunChange } from './types.js';

export interface PlannedOperation {
  part: number;
  /** The chat the part was read from; null: the owner's. */
  chat: string | null;
  /** The outside text the part's conversations read (`Part.untrusted`): what the memory came with. */
  untrusted: string[];
  op: Operation;
}

export interface ApplyInput {
  runId: number;
  dryRun: boolean;
  operations: PlannedOperation[];
  /** The day's note, when the owner's conversations gave one; `untrusted`: what those conversations read. */
  journal?: { day: string; text: string; topic: string; untrusted: string[] };
}

export interface ApplyResult {
  changes: RunChange[];
  skipped: Rejection[];
}

class DryRunRollback extends Error {}

const DUPLICATE_CANDIDATES = 20;

export function applyOperations(
  deps: { db: Database; memory: MemoryStore; runs: RunStore; lang: Lang },
  input: ApplyInput,
): ApplyResult {
  const { memory } = deps;
  const t = consolidationMessages(deps.lang);
  const source = `consolidate:${input.runId}`;
  const changes: Omit<RunChange, 'id'>[] = [];
  const skipped: Rejection[] = [];
  const change = (action: RunChange['action'], before: Memory | null, after: Memory | null, note?: string) =>
    changes.push({
      runId: input.runId,
      memoryId: after?.id ?? before?.id ?? null,
      action,
      before,
      after,
      note: note ?? null,
    });

  const sameSummary = (a: string, b: string) => normalizedText(a) === normalizedText(b);
  const duplicateOf = (summary: string, chat: string | null) =>
    memory
      .search(summary, { pageSize: DUPLICATE_CANDIDATES, scope: chat })
      .items.find((hit) => hit.kind !== 'journal' && sameSummary(hit.summary, summary));

  /** Why `planned` was not applied; undefined when it was. */
  const applyOne = ({ op, chat, untrusted }: PlannedOperation): string | undefined => {
    if (op.op === 'add') {
      const same = duplicateOf(op.summary, chat);
      if (same) return t.alreadyKnown(same.id);
      const added = memory.save({
        summary: op.summary,
        kind: op.kind,
        chat,
        source,
        untrusted,
        ...(op.topic ? { topic: op.topic } : {}),
        ...(op.importance ? { importance: op.importance } : {}),
      });
      change('add', null, added);
      return undefined;
    }
    const ids = op.op === 'merge' ? op.ids : [op.id];
    const targets = ids.map((id) => memory.get(id));
    const gone = ids.find((_, i) => targets[i] === undefined);
    if (gone !== undefined) return t.goneSince(gone);
    const [first, ...rest] = targets as Memory[];
    if (!first) return t.changesNothing;
    if (op.op === 'outdate') {
      if (first.outdatedAt) return t.alreadyOutdated(first.id);
      change('outdate', first, memory.outdate(first.id) ?? null, op.reason && t.outdateNote(op.reason));
      return undefined;
    }
    const topic = op.topic ?? first.topic;
    if (op.op === 'update' && sameSummary(op.summary, first.summary) && topic === first.topic)
      return t.changesNothing;
    // The kept memory now also says what the ones folded into it came with.
    const carried = unionNames(untrusted, ...rest.map((other) => other.untrusted));
    const updated = memory.update(first.id, { summary: op.summary, topic, untrusted: carried }) ?? null;
    change(op.op === 'merge' ? 'merge' : 'update', first, updated);
    for (const other of rest) {
      memory.delete(other.id);
      change('merged', other, null, `→ #${first.id}`);
    }
    return undefined;
  };

  const writeJournal = (journal: NonNullable<ApplyInput['journal']>) => {
    const existing = memory.journal(journal.day);
    if (existing && existing.summary === journal.text) {
      skipped.push({ part: 0, op: 'journal', reason: t.changesNothing });
      return;
    }
    const after = existing
      ? memory.update(existing.id, {
          summary: journal.text,
          topic: journal.topic,
          untrusted: journal.untrusted,
        })
      : memory.save({
          summary: journal.text,
          topic: journal.topic,
          kind: 'journal',
          day: journal.day,
          source,
          untrusted: journal.untrusted,
        });
    change('journal', existing ?? null, after ?? null);
  };

  const run = deps.db.transaction(() => {
    for (const planned of input.operations) {
      const why = applyOne(planned);
      if (why)
        skipped.push({ part: planned.part, op: JSON.stringify(planned.op).slice(0, 300), reason: why });
    }
    if (input.journal) writeJournal(input.journal);
    if (input.dryRun) throw new DryRunRollback();
    for (const c of changes) deps.runs.addChange(c);
  });
  try {
    run();
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    // Nothing was written: a proposed add has no memory to point to.
    for (const c of changes) deps.runs.addChange(c.action === 'add' ? { ...c, memoryId: null } : c);
  }
  return { changes: deps.runs.changes(input.runId), skipped };
}
