/**
 * The whole `task` frame API in one call for the server: validates the frame
 * (zod), acts on the TaskStore and returns the reply frame. The `task_status`
 * broadcasts follow from the store change (Scheduler.onEvent).
 */
import { z } from 'zod';
import { describeError, isAppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { Clock } from '../util/clock.js';
import { buildSchedule } from './build-schedule.js';
import { frameMessages } from './frame-messages.js';
import { taskAddedFrame, taskCompletedFrame, taskDeletedFrame, taskListFrame } from './frames.js';
import { legacyScheduleFields, specFromLegacyArgs } from './legacy-args.js';
import type { TaskStore } from './types.js';

const taskId = z.union([z.int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

export const TaskFrameSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    title: z.string().trim().min(1),
    content: z.string().optional(),
    delay: z.number().min(0).optional(),
    priority: z.int().min(1).max(5).optional(),
    tags: z.array(z.string()).optional(),
    ...legacyScheduleFields,
    repeat_end_time: z.string().nullable().optional(),
  }),
  z.object({ action: z.literal('list'), include_completed: z.boolean().optional() }),
  z.object({ action: z.literal('complete'), task_id: taskId, force: z.boolean().optional() }),
  z.object({ action: z.literal('delete'), task_id: taskId }),
]);

export interface TaskFrameDeps {
  tasks: TaskStore;
  lang: Lang;
  clock: Clock;
  /** config `scheduler.timezone` ('' = the system's). */
  defaultTimezone?: string;
}

export type TaskErrorFrame = { type: 'error'; code: 'bad_request' | 'task_error'; content: string };

export function handleTaskFrame(frame: unknown, deps: TaskFrameDeps) {
  const t = frameMessages(deps.lang);
  const parsed = TaskFrameSchema.safeParse(frame);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.join('.') || 'action'}: ${i.message}`).join('; ');
    return { type: 'error', code: 'bad_request', content: t.badFrame(what) } satisfies TaskErrorFrame;
  }
  const f = parsed.data;
  const now = deps.clock.now();
  try {
    switch (f.action) {
      case 'add': {
        const spec = specFromLegacyArgs({
          ...f,
          repeat_end_time: f.repeat_end_time ?? undefined,
          delay: f.delay ?? 60,
        });
        const schedule = buildSchedule(spec, { now, lang: deps.lang, defaultTimezone: deps.defaultTimezone });
        const task = deps.tasks.add({
          title: f.title,
          content: f.content,
          schedule,
          priority: f.priority,
          tags: f.tags,
          createdBy: 'user',
          source: 'websocket',
        });
        return taskAddedFrame(task, deps.lang);
      }
      case 'list':
        return taskListFrame(deps.tasks.list({ includeCompleted: f.include_completed }), deps.lang, now);
      case 'complete': {
        if (deps.tasks.get(f.task_id)?.status !== 'active') {
          return {
            type: 'error',
            code: 'task_error',
            content: t.cannotComplete(f.task_id),
          } satisfies TaskErrorFrame;
        }
        const { task, advanced } = deps.tasks.complete(f.task_id, { force: f.force });
        return taskCompletedFrame(task, advanced, deps.lang);
      }
      case 'delete':
        if (!deps.tasks.delete(f.task_id)) {
          return {
            type: 'error',
            code: 'task_error',
            content: t.cannotDelete(f.task_id),
          } satisfies TaskErrorFrame;
        }
        return taskDeletedFrame(f.task_id, deps.lang);
    }
  } catch (error) {
    const message = isAppError(error) ? error.message : describeError(error);
    return {
      type: 'error',
      code: isAppError(error) ? 'bad_request' : 'task_error',
      content: t.failed(message),
    } as TaskErrorFrame;
  }
}
