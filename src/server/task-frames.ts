/**
 * The `task` frame (original §3.5, bugs fixed: `add` works, `list` lists every
 * active task, `delete` exists) on top of the TaskStore, and the due-task
 * `task_status` frames sent on connect. Store changes reach every client as
 * `task_status` through the scheduler's events; the scheduler also re-arms on
 * them (TaskStore.onChange), so nothing here wakes it.
 */
import { z } from 'zod';
import type { AppServices } from '../app/services.js';
import { describeError, isAppError } from '../errors.js';
import { buildSchedule } from '../tasks/build-schedule.js';
import { describeSchedule, formatWire } from '../tasks/describe.js';
import { specFromLegacyArgs } from '../tasks/legacy-args.js';
import type { Task } from '../tasks/types.js';
import type { Frame } from './outbound.js';
import { taskFrameMessages } from './task-messages.js';

const taskId = z.union([z.int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

const AddFields = z.looseObject({
  title: z.string().trim().min(1).max(500),
  content: z.string().max(100_000).optional(),
  /** Seconds until the first run (original default 60). */
  delay: z
    .number()
    .min(0)
    .max(10 * 366 * 86_400)
    .optional(),
  is_immediate: z.boolean().optional(),
  repeat_type: z.enum(['none', 'daily', 'weekly', 'monthly', 'custom']).optional(),
  repeat_interval: z.int().positive().optional(),
  repeat_interval_unit: z.enum(['minutes', 'hours', 'days']).optional(),
  repeat_end_time: z.string().nullable().optional(),
  /** New-style fields (any form the task time parser accepts). */
  at: z.string().optional(),
  every: z.string().optional(),
  cron: z.string().optional(),
  timezone: z.string().optional(),
  priority: z.int().min(0).max(10).optional(),
});
const IdFields = z.looseObject({ task_id: taskId });

function zone(app: AppServices, task: Task): string {
  return task.schedule.timezone || app.config.scheduler.timezone || 'UTC';
}

/** One task as the original `task_list` item, plus `schedule` (a readable description). */
function taskListItem(app: AppServices, task: Task): Record<string, unknown> {
  const now = app.clock.now().getTime();
  return {
    id: task.id,
    title: task.title,
    content: task.content,
    reminder_time: formatWire(task.nextRunAt, zone(app, task)),
    priority: task.priority,
    is_overdue: task.nextRunAt !== null && Date.parse(task.nextRunAt) <= now,
    repeat_type: ['daily', 'weekly', 'monthly'].includes(task.schedule.kind)
      ? task.schedule.kind
      : task.schedule.kind === 'interval'
        ? 'custom'
        : 'none',
    repeat_interval: task.schedule.every ?? 0,
    repeat_interval_unit: task.schedule.unit ?? 'days',
    trigger_count: task.runCount,
    is_immediate: task.schedule.kind === 'immediate',
    schedule: describeSchedule(task.schedule, app.lang),
    status: task.status,
  };
}

/** Handles one `task` frame; returns the reply frame for the sender. */
export function handleTaskFrame(app: AppServices, raw: Record<string, unknown>): Frame {
  const t = taskFrameMessages(app.lang);
  const bad = (problem: string): Frame => ({
    type: 'error',
    code: 'bad_request',
    content: t.badTask(problem),
  });
  try {
    switch (raw.action) {
      case 'add': {
        const parsed = AddFields.safeParse(raw);
        if (!parsed.success)
          return bad(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        const f = parsed.data;
        const spec = specFromLegacyArgs({
          ...f,
          reminder_time: f.at,
          delay: f.delay ?? 60,
          repeat_end_time: f.repeat_end_time ?? undefined,
          // An explicit `at` wins over is_immediate.
          is_immediate: f.is_immediate === true && !f.at,
        });
        const schedule = buildSchedule(spec, {
          now: app.clock.now(),
          lang: app.lang,
          defaultTimezone: app.config.scheduler.timezone || undefined,
        });
        const task = app.tasks.add({
          title: f.title,
          content: f.content ?? '',
          schedule,
          priority: f.priority,
          createdBy: 'user',
          source: 'websocket',
        });
        return {
          type: 'task_added',
          task_id: task.id,
          title: task.title,
          reminder_time: formatWire(task.nextRunAt, zone(app, task)),
          content: t.added(task.title, task.id, describeSchedule(task.schedule, app.lang)),
          task: taskListItem(app, task),
        };
      }
      case 'list':
        return { type: 'task_list', tasks: app.tasks.list().map((task) => taskListItem(app, task)) };
      case 'complete':
      case 'delete': {
        const parsed = IdFields.safeParse(raw);
        if (!parsed.success) return bad('task_id: expected a positive integer');
        const id = parsed.data.task_id;
        if (!app.tasks.get(id)) return { type: 'error', code: 'not_found', content: t.notFound(id) };
        if (raw.action === 'delete') {
          if (!app.tasks.delete(id)) return { type: 'error', code: 'not_found', content: t.notFound(id) };
          return { type: 'task_deleted', task_id: id, content: t.deleted(id) };
        }
        const { task, advanced } = app.tasks.complete(id);
        const next = formatWire(task.nextRunAt, zone(app, task));
        return {
          type: 'task_completed',
          task_id: id,
          advanced,
          content: advanced && next ? t.advanced(id, next) : t.completed(id),
        };
      }
      default:
        return bad(`action: ${String(raw.action)}`);
    }
  } catch (error) {
    if (isAppError(error)) return { type: 'error', code: 'bad_request', content: t.badTask(error.message) };
    return { type: 'error', code: 'internal', content: t.badTask(describeError(error)) };
  }
}

/** `task_status` frames for due tasks (at most 5), as the original sent on connect. */
export function dueTaskFrames(app: AppServices): Frame[] {
  const t = taskFrameMessages(app.lang);
  let due: Task[];
  try {
    due = app.tasks.due(app.clock.now());
  } catch {
    return [];
  }
  return due.slice(0, 5).map((task) => {
    const immediate = task.schedule.kind === 'immediate';
    const status = immediate ? 'pending' : 'overdue';
    const at = formatWire(task.nextRunAt, zone(app, task)) ?? '';
    const icon = `${immediate ? '⏰' : '⚠️'}${immediate ? '⚡' : ''}`;
    return {
      type: 'task_status',
      task_id: task.id,
      title: task.title,
      reminder_time: at,
      status,
      content: t.dueLine(icon, task.id, task.title, at),
    };
  });
}
