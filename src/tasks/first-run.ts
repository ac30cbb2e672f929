/** When a new or rescheduled task first runs. */
import { firstOccurrence, isRepeating, nextOccurrence } from './recurrence.js';
import type { Schedule } from './types.js';

/**
 * Epoch ms of the schedule's first run from `now`: its start when that is still ahead (or the
 * schedule does not repeat: a one-off in the past runs at once, late), else the repeat's next
 * occurrence after now; null when there is none (a repeat that has ended).
 */
export function firstRunAt(schedule: Schedule, now: Date): number | null {
  const first = firstOccurrence(schedule);
  if (first && (first.getTime() >= now.getTime() || !isRepeating(schedule))) return first.getTime();
  return nextOccurrence(schedule, new Date(now.getTime() - 1))?.getTime() ?? null;
}
