/**
 * Which days the daily job owes (docs/memory-and-tasks.md, "Consolidation"): every day without a
 * run from the oldest day with a finished (non-dry) run up to the day the latest occurrence of
 * `time` reads, at most CATCH_UP_DAYS days back, oldest first. So a day missed before a later one
 * ran (a `--day` or page run of today while it was owed) is still owed. Never a day that has a
 * finished run (`done`, `capped`, `failed` or `undone`: none is re-run by itself) or one running
 * (in another process: the caller fails the leftovers of gone ones first). With no finished run
 * at all, a start owes nothing and an occurrence owes its own day only.
 */
import { addDays } from '../usage/day-key.js';
import { dayToConsolidate } from './consolidate.js';
import type { RunStore } from './run-store.js';

export const CATCH_UP_DAYS = 7;

/** The latest occurrence at or before `now`, from `next` (the first one strictly after an instant). */
export function lastOccurrence(now: Date, next: (after: Date) => Date | null): Date | null {
  let found: Date | null = null;
  let at = next(new Date(now.getTime() - 3 * 86_400_000));
  while (at && at.getTime() <= now.getTime()) {
    found = at;
    at = next(at);
  }
  return found;
}

/**
 * The days owed at `occurrence` (a due time, or the latest one before a start): `own` says the
 * occurrence's own day is owed even without an earlier run (a start's is not).
 */
export function owedDays(runs: RunStore, occurrence: Date, timeZone: string, own: boolean): string[] {
  const target = dayToConsolidate(occurrence, timeZone);
  const oldest = addDays(target, -(CATCH_UP_DAYS - 1));
  const first = runs.firstFinishedDay();
  // Days are `YYYY-MM-DD`: the later one of two sorts last.
  const from = first === undefined ? (own ? target : undefined) : [first, oldest].sort()[1];
  const days = new Set<string>();
  for (let day = from; day !== undefined && day <= target; day = addDays(day, 1)) days.add(day);
  if (own) days.add(target);
  const taken = runs.daysWithRuns(oldest, target);
  return [...days].filter((day) => !taken.has(day)).sort();
}
