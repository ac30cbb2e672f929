/**
 * Undoing a consolidation run: every change it made is reverted, newest first, in one
 * transaction — or none is, when a memory it touched was changed since (by hand, by a save, by a
 * later run), so an undo never overwrites what came after it.
 */
import type { Database } from 'better-sqlite3';
import type { Lang } from '../i18n/lang.js';
import type { Memory, MemoryStore } from '../memory/types.js';
import { consolidationMessages } from './messages.js';
import type { RunStore } from './run-store.js';
import type { RunChange } from './types.js';

export type UndoResult =
  | { ok: true; reverted: RunChange[]; lines: string[] }
  | { ok: false; code: 'not_found' | 'conflict'; message: string };

/** What a change leaves that a later change would alter (recall counts are not a change). */
function snapshot(memory: Memory | null | undefined): string {
  if (!memory) return 'none';
  const { recallCount: _count, recalledAt: _at, ...kept } = memory;
  // A change recorded before migration 19 has no `untrusted`: none, as the column reads for it.
  return JSON.stringify({ ...kept, untrusted: kept.untrusted ?? [] });
}

export function undoRun(
  deps: { db: Database; memory: MemoryStore; runs: RunStore; lang: Lang },
  runId: number,
): UndoResult {
  const t = consolidationMessages(deps.lang);
  const run = deps.runs.get(runId);
  if (!run) return { ok: false, code: 'not_found', message: t.noRun(String(runId)) };
  if (run.dryRun) return { ok: false, code: 'conflict', message: t.undoDryRun(run.id) };
  if (run.status === 'undone') return { ok: false, code: 'conflict', message: t.undoAlready(run.id) };
  if (run.status === 'running') return { ok: false, code: 'conflict', message: t.undoRunning(run.id) };
  const changes = deps.runs.changes(run.id).reverse();
  // The last state the run left each memory in is the `after` of its latest change to it.
  const left = new Map<number, RunChange>();
  for (const change of changes) {
    if (change.memoryId !== null && !left.has(change.memoryId)) left.set(change.memoryId, change);
  }
  for (const [memoryId, change] of left) {
    const later = deps.runs.changedLater(memoryId, change.id);
    if (later !== undefined)
      return { ok: false, code: 'conflict', message: t.changedByRun(memoryId, run.id, later) };
    if (snapshot(deps.memory.get(memoryId)) !== snapshot(change.after))
      return { ok: false, code: 'conflict', message: t.changedSince(memoryId, run.id) };
  }
  const lines: string[] = [];
  deps.db.transaction(() => {
    for (const change of changes) {
      if (change.memoryId === null) continue;
      if (change.before === null) deps.memory.delete(change.memoryId);
      else {
        const now = deps.memory.get(change.memoryId);
        deps.memory.restore({
          ...change.before,
          recallCount: now?.recallCount ?? change.before.recallCount,
          recalledAt: now?.recalledAt ?? change.before.recalledAt,
        });
      }
      lines.push(t.reverted(change.action, change.memoryId));
    }
    deps.runs.markUndone(run.id);
  })();
  return { ok: true, reverted: changes, lines: lines.reverse() };
}
