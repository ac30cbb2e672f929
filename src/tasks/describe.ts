/** Human-readable schedule descriptions (zh/en) for lists, replies and tools. */
import type { Lang } from '../i18n/lang.js';
import { isoWithOffset } from '../util/clock.js';
import { taskMessages } from './messages.js';
import type { Schedule, Task } from './types.js';
import { wallTime, weekday } from './zoned-time.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-12-01 09:00` in the zone. */
export function formatLocal(iso: string, timezone: string): string {
  const w = wallTime(new Date(iso), timezone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** The task's next run as `formatLocal` shows it in the task's zone, or `none` when there is none. */
export function formatNextRun(task: Pick<Task, 'nextRunAt' | 'schedule'>, none: string): string {
  return task.nextRunAt ? formatLocal(task.nextRunAt, task.schedule.timezone) : none;
}

/** ISO 8601 with the zone's offset (the wire format). */
export function formatWire(iso: string | null, timezone: string): string | null {
  return iso === null ? null : isoWithOffset(new Date(iso), timezone);
}

export function describeSchedule(schedule: Schedule, lang: Lang): string {
  const t = taskMessages(lang);
  const w = wallTime(new Date(schedule.start), schedule.timezone);
  const time = `${pad(w.hour)}:${pad(w.minute)}`;
  let text: string;
  switch (schedule.kind) {
    case 'once':
      text = t.once(formatLocal(schedule.start, schedule.timezone));
      break;
    case 'immediate':
      text = t.immediate;
      break;
    case 'daily':
      text = t.daily(time);
      break;
    case 'weekly':
      text = t.weekly(t.weekday(weekday(w)), time);
      break;
    case 'monthly':
      text = t.monthly(w.day, time);
      break;
    case 'interval':
      text = t.every(schedule.every ?? 1, t.unit(schedule.unit ?? 'minutes'));
      break;
    case 'cron':
      text = t.cron(schedule.cron ?? '');
      break;
  }
  if (schedule.end) text += t.until(formatLocal(schedule.end, schedule.timezone));
  return `${text} (${schedule.timezone})`;
}
