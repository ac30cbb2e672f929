/**
 * Reads one row of the original `memos` table into a `tasks` row (migration 003). The original
 * stored local-time strings, and sometimes raw input such as `+1h` (never run); relative strings
 * are read relative to the row's creation time.
 *
 * Frozen with its migration: the schedule shape below is the `tasks.schedule` JSON as version 3
 * wrote it, declared here rather than imported from `tasks/`, so a later change to the live task
 * types cannot change what this migration writes.
 */
import { legacyToIso, parseLegacyLocalTime } from '../legacy-time.js';

type ScheduleKind = 'once' | 'immediate' | 'interval' | 'daily' | 'weekly' | 'monthly';
type IntervalUnit = 'minutes' | 'hours' | 'days';

/** The `tasks.schedule` JSON of schema version 3. */
interface ScheduleV3 {
  kind: ScheduleKind;
  start: string;
  timezone: string;
  every?: number;
  unit?: IntervalUnit;
  end?: string;
}

/** The zone the original's local-time strings were written in. */
function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

function legacyReminder(raw: unknown, created: Date): Date | undefined {
  if (typeof raw !== 'string') return undefined;
  const rel = /^\+(\d+)\s*([mhd])$/i.exec(raw.trim());
  if (rel)
    return new Date(created.getTime() + Number(rel[1]) * (UNIT_MS[(rel[2] ?? 'm').toLowerCase()] ?? 60_000));
  return parseLegacyLocalTime(raw);
}

function legacyKind(repeatType: unknown, immediate: boolean): { kind: ScheduleKind; repeating: boolean } {
  if (repeatType === 'daily' || repeatType === 'weekly' || repeatType === 'monthly') {
    return { kind: repeatType, repeating: true };
  }
  if (repeatType === 'custom') return { kind: 'interval', repeating: true };
  return { kind: immediate ? 'immediate' : 'once', repeating: false };
}

export function legacyMemoToTask(memo: Record<string, unknown>, now = new Date()): Record<string, unknown> {
  const created = parseLegacyLocalTime(memo.created_at as string) ?? now;
  const immediate = Number(memo.is_immediate ?? 0) === 1;
  let { kind } = legacyKind(memo.repeat_type, immediate);
  const reminder = immediate ? created : legacyReminder(memo.reminder_time, created);
  const schedule: ScheduleV3 = {
    kind,
    start: (reminder ?? created).toISOString(),
    timezone: systemTimeZone(),
  };
  if (kind === 'interval') {
    const every = Number(memo.repeat_interval ?? 0);
    const unit = String(memo.repeat_interval_unit ?? 'days');
    if (every >= 1 && ['minutes', 'hours', 'days'].includes(unit)) {
      schedule.every = every;
      schedule.unit = unit as IntervalUnit;
    } else {
      kind = 'once';
      schedule.kind = kind;
    }
  }
  const end = parseLegacyLocalTime(memo.repeat_end_time as string);
  if (end) schedule.end = end.toISOString();
  const completed = Number(memo.is_completed ?? 0) === 1;
  const tags =
    typeof memo.tags === 'string' && memo.tags.trim() ? memo.tags.split(',').map((t) => t.trim()) : [];
  return {
    id: memo.id,
    title: String(memo.title ?? ''),
    content: String(memo.content ?? ''),
    schedule: JSON.stringify(schedule),
    status: completed ? 'completed' : 'active',
    priority: Number(memo.priority ?? 1),
    tags: JSON.stringify(tags.filter(Boolean)),
    // Past occurrences run once, late, when the scheduler starts; no time at all → never due (as before).
    next_run_at: completed || !reminder ? null : reminder.getTime(),
    created_at: created.toISOString(),
    updated_at: now.toISOString(),
    completed_at: completed ? (legacyToIso(memo.completed_at as string) ?? now.toISOString()) : null,
    created_by: String(memo.created_by ?? 'user'),
    source: String(memo.source ?? 'user'),
    run_count: Number(memo.trigger_count ?? 0),
    last_run_at: legacyToIso(memo.last_triggered_at as string),
    legacy_memo_id: memo.id,
  };
}
