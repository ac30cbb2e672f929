/**
 * The one handler of the WebSocket `task` frame (docs/protocol.md, "Tasks"; the original's bugs fixed: `add` works,
 * `list` lists every active task, `delete` exists): validates the frame (zod), acts on the
 * TaskStore and returns the reply frame. The `task_status` broadcasts follow from the store
 * change (Scheduler.onEvent), so nothing here wakes the scheduler.
 */
import { z } from 'zod';
import { errorFrame } from '../../error-frame.js';
import { describeError, isAppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { buildSchedule } from '../../tasks/build-schedule.js';
import { legacyScheduleFields, specFromLegacyArgs } from '../../tasks/legacy-args.js';
import { taskFrameMessages } from '../../tasks/messages.js';
import type { TaskStore } from '../../tasks/types.js';
import type { Clock } from '../../util/clock.js';
import {
  taskAddedFrame,
  taskCompletedFrame,
  taskDeletedFrame,
  taskListFrame,
  taskUpdatedFrame,
} from './task-frames.js';

const taskId = z.union([z.int().positive(), z.string().regex(/^\d+$/).transform(Number)]);
/** Ten years: the longest `delay` accepted, in seconds. */
const MAX_DELAY_S = 10 * 366 * 86_400;

const TaskFrameSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    title: z.string().trim().min(1).max(500),
    content: z.string().max(100_000).optional(),
    /** Seconds until the first run (original default 60). */
    delay: z.number().min(0).max(MAX_DELAY_S).optional(),
    /** Original range 1..5, default 1. */
    priority: z.int().min(1).max(5).optional(),
    tags: z.array(z.string().max(100)).max(50).optional(),
    ...legacyScheduleFields,
    /** Same as `reminder_time` (any form the task time parser accepts). */
    at: z.string().max(200).optional(),
    repeat_end_time: z.string().nullable().optional(),
    /** A chat to post each run's result to (`telegram:42`); checked against the allowed chats. */
    notify: z.string().max(200).nullable().optional(),
  }),
  z.object({
    action: z.literal('notify'),
    task_id: taskId,
    /** The new chat, or null / '' for none. */
    notify: z.string().max(200).nullable(),
  }),
  z.object({ action: z.literal('list'), include_completed: z.boolean().optional() }),
  z.object({ action: z.literal('complete'), task_id: taskId, force: z.boolean().optional() }),
  z.object({ action: z.literal('delete'), task_id: taskId }),
]);

interface TaskFrameDeps {
  tasks: TaskStore;
  lang: Lang;
  clock: Clock;
  /** config `scheduler.timezone` ('' = the system's). */
  defaultTimezone?: string | undefined;
  /** config `scheduler.min_interval_s` (default 60). */
  minIntervalS?: number;
}

/** Handles one `task` frame (the whole frame, `type` included or not); returns the reply for the sender. */
export function handleTaskFrame(frame: unknown, deps: TaskFrameDeps) {
  const t = taskFrameMessages(deps.lang);
  const parsed = TaskFrameSchema.safeParse(frame);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ');
    return errorFrame('bad_request', t.badFrame(what));
  }
  const f = parsed.data;
  const now = deps.clock.now();
  try {
    switch (f.action) {
      case 'add': {
        if (f.at !== undefined && f.reminder_time !== undefined)
          return errorFrame('bad_request', t.badFrame(t.bothTimes));
        const at = f.at ?? f.reminder_time;
        const spec = specFromLegacyArgs({
          ...f,
          reminder_time: at,
          delay: f.delay ?? 60,
          repeat_end_time: f.repeat_end_time ?? undefined,
          // An explicit time wins over is_immediate.
          is_immediate: f.is_immediate === true && !at,
        });
        const schedule = buildSchedule(spec, {
          now,
          lang: deps.lang,
          defaultTimezone: deps.defaultTimezone || undefined,
          minIntervalS: deps.minIntervalS,
        });
        const task = deps.tasks.add({
          title: f.title,
          content: f.content ?? '',
          schedule,
          priority: f.priority,
          tags: f.tags,
          createdBy: 'user',
          source: 'websocket',
          notify: f.notify,
        });
        return taskAddedFrame(task, deps.lang, now);
      }
      case 'list':
        return taskListFrame(deps.tasks.list({ includeCompleted: f.include_completed }), deps.lang, now);
      case 'complete': {
        if (deps.tasks.get(f.task_id)?.status !== 'active')
          return errorFrame('not_found', t.noActiveTask(f.task_id));
        const { task, advanced } = deps.tasks.complete(f.task_id, { force: f.force });
        return taskCompletedFrame(task, advanced, deps.lang);
      }
      case 'notify': {
        if (deps.tasks.get(f.task_id)?.status !== 'active')
          return errorFrame('not_found', t.noActiveTask(f.task_id));
        return taskUpdatedFrame(deps.tasks.update(f.task_id, { notify: f.notify }), deps.lang, now);
      }
      case 'delete':
        if (!deps.tasks.delete(f.task_id)) return errorFrame('not_found', t.noTask(f.task_id));
        return taskDeletedFrame(f.task_id, deps.lang);
      default: {
        // An action added to TaskFrameSchema must be handled here.
        const unhandled: never = f;
        return unhandled;
      }
    }
  } catch (error) {
    if (isAppError(error)) return errorFrame('bad_request', t.badFrame(error.message));
    return errorFrame('internal', t.failed(describeError(error)));
  }
}
