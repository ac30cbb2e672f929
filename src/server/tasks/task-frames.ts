/**
 * Pure builders of the `task` reply frames (docs/protocol.md, "Tasks": the original's shapes, bugs fixed): `task_added`,
 * `task_list`, `task_completed`, `task_deleted`, and the connect-time `task_status`.
 */
import type { Lang } from '../../i18n/lang.js';
import type { TaskListItem, TaskReplyFrame, TaskStatusFrame } from '../../protocol/frames.js';
import { describeSchedule, formatWire } from '../../tasks/describe.js';
import { taskFrameMessages } from '../../tasks/messages.js';
import type { Task, TaskStore } from '../../tasks/types.js';
import type { Clock } from '../../util/clock.js';

function legacyRepeat(task: Task) {
  const kind = task.schedule.kind;
  if (kind === 'daily' || kind === 'weekly' || kind === 'monthly')
    return { type: kind, interval: 1, unit: 'days' };
  if (kind === 'interval')
    return { type: 'custom', interval: task.schedule.every ?? 1, unit: task.schedule.unit ?? 'days' };
  if (kind === 'cron') return { type: 'cron', interval: 0, unit: 'days' };
  return { type: 'none', interval: 0, unit: 'days' };
}

/** One item of `task_list` (the original's fields plus schedule, status and last outcome). */
export function taskListItem(task: Task, lang: Lang, now: Date): TaskListItem {
  const repeat = legacyRepeat(task);
  const next = formatWire(task.nextRunAt, task.schedule.timezone);
  return {
    id: task.id,
    title: task.title,
    content: task.content,
    reminder_time: next,
    next_run_at: next,
    priority: task.priority,
    is_overdue: task.nextRunAt !== null && Date.parse(task.nextRunAt) <= now.getTime(),
    repeat_type: repeat.type,
    repeat_interval: repeat.interval,
    repeat_interval_unit: repeat.unit,
    trigger_count: task.runCount,
    is_immediate: task.schedule.kind === 'immediate',
    schedule: describeSchedule(task.schedule, lang),
    schedule_kind: task.schedule.kind,
    cron: task.schedule.cron ?? null,
    timezone: task.schedule.timezone,
    end_time: formatWire(task.schedule.end ?? null, task.schedule.timezone),
    status: task.status,
    tags: task.tags,
    last_run_at: formatWire(task.lastRunAt, task.schedule.timezone),
    last_outcome: task.lastOutcome,
    notify: task.notify,
    when: task.when,
    max_tokens_per_run: task.maxTokensPerRun,
  };
}

export function taskAddedFrame(task: Task, lang: Lang, now: Date): TaskReplyFrame {
  const t = taskFrameMessages(lang);
  const schedule = describeSchedule(task.schedule, lang);
  return {
    type: 'task_added' as const,
    task_id: task.id,
    title: task.title,
    reminder_time: formatWire(task.nextRunAt, task.schedule.timezone),
    schedule,
    content: t.added(task.title, task.id, schedule),
    task: taskListItem(task, lang, now),
  };
}

/** Every active task (not only the due ones, as the original did), by next run. */
export function taskListFrame(tasks: Task[], lang: Lang, now: Date): TaskReplyFrame {
  return { type: 'task_list' as const, tasks: tasks.map((task) => taskListItem(task, lang, now)) };
}

export function taskCompletedFrame(task: Task, advanced: boolean, lang: Lang): TaskReplyFrame {
  const t = taskFrameMessages(lang);
  const next = formatWire(task.nextRunAt, task.schedule.timezone);
  return {
    type: 'task_completed' as const,
    task_id: task.id,
    advanced,
    next_run_at: advanced ? next : null,
    content: advanced ? t.advanced(task.id, next ?? '') : t.completed(task.id),
  };
}

export function taskUpdatedFrame(task: Task, lang: Lang, now: Date): TaskReplyFrame {
  const t = taskFrameMessages(lang);
  return {
    type: 'task_updated' as const,
    task_id: task.id,
    content: task.notify ? t.notifySet(task.id, task.notify) : t.notifyCleared(task.id),
    task: taskListItem(task, lang, now),
  };
}

export function taskDeletedFrame(taskId: number, lang: Lang): TaskReplyFrame {
  return { type: 'task_deleted' as const, task_id: taskId, content: taskFrameMessages(lang).deleted(taskId) };
}

/** A due task as the original's connect-time `task_status` (immediate → pending, else overdue). */
export function taskStatusFrame(task: Task, lang: Lang): TaskStatusFrame {
  const immediate = task.schedule.kind === 'immediate';
  const at = formatWire(task.nextRunAt, task.schedule.timezone) ?? '';
  return {
    type: 'task_status' as const,
    task_id: task.id,
    title: task.title,
    reminder_time: at,
    status: immediate ? ('pending' as const) : ('overdue' as const),
    content: taskFrameMessages(lang).dueLine(immediate ? '⏰⚡' : '⚠️', task.id, task.title, at),
  };
}

/** Connect-time `task_status` frames, as the original sent at most five. */
const MAX_DUE_FRAMES = 5;

/** `task_status` frames for the due tasks (at most five), as the original sent on connect. */
export function dueTaskFrames(deps: { tasks: TaskStore; lang: Lang; clock: Clock }): TaskStatusFrame[] {
  let due: ReturnType<TaskStore['due']>;
  try {
    due = deps.tasks.due(deps.clock.now());
  } catch {
    return [];
  }
  return due.slice(0, MAX_DUE_FRAMES).map((task) => taskStatusFrame(task, deps.lang));
}
