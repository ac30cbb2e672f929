/** /api/tasks: list, add (once / repeat / cron), complete, delete, and a task's past runs. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppServices } from '../../app/services.js';
import { buildSchedule, type ScheduleSpec } from '../../tasks/build-schedule.js';
import { MAX_TASK_RUN_TOKENS } from '../../tasks/task-fields.js';
import type { Task, TaskRun } from '../../tasks/types.js';
import type { NewTaskBody, TaskDto, TaskListDto, TaskPatchBody, TaskRunDto } from './dto.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';
import { readJson } from './read-json.js';

/** A chat such as `telegram:42`; null or '' for none (the task store checks it is an allowed chat). */
const NotifyField = z.string().trim().max(200).nullable();
/** A pre-check command (exit 0 → the model is called); null or '' for none. */
const WhenField = z.string().max(2000).nullable();
/** The task's own cap on tokens per run; null: `scheduler.max_tokens_per_run` applies, 0: none. */
const RunCapField = z.int().min(0).max(MAX_TASK_RUN_TOKENS).nullable();
const TaskPatchSchema = z
  .strictObject({
    notify: NotifyField.optional(),
    when: WhenField.optional(),
    max_tokens_per_run: RunCapField.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'nothing to change' });

const NewTaskSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    content: z.string().max(20_000).optional(),
    kind: z.enum(['once', 'interval', 'daily', 'weekly', 'monthly', 'cron']),
    /** ISO 8601 (or any form the task parser reads, e.g. `明天 9点`). */
    at: z.string().trim().min(1).max(100).optional(),
    every: z.int().min(1).max(100_000).optional(),
    unit: z.enum(['minutes', 'hours', 'days']).optional(),
    cron: z.string().trim().min(1).max(200).optional(),
    notify: NotifyField.optional(),
    when: WhenField.optional(),
    max_tokens_per_run: RunCapField.optional(),
  })
  .refine((b) => b.kind !== 'interval' || (b.every !== undefined && b.unit !== undefined), {
    message: 'kind "interval" needs "every" and "unit"',
    path: ['every'],
  })
  .refine((b) => b.kind !== 'cron' || b.cron !== undefined, {
    message: 'kind "cron" needs "cron"',
    path: ['cron'],
  });

/** `?limit=&offset=`: one page of the list (the page asks for the next as the person scrolls). */
const TaskPageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});

const UNIT_SUFFIX = { minutes: 'm', hours: 'h', days: 'd' } as const;

/** The form's choices as the task module's schedule spec (which validates and builds the Schedule). */
function scheduleSpec(body: NewTaskBody): ScheduleSpec {
  switch (body.kind) {
    case 'once':
      return body.at ? { at: body.at } : { immediate: true };
    case 'interval':
      return { every: `${body.every ?? 1}${UNIT_SUFFIX[body.unit ?? 'minutes']}`, at: body.at };
    case 'cron':
      return { cron: body.cron, at: body.at };
    default:
      return { every: body.kind, at: body.at };
  }
}

/** A task as the page sees it: without what only the store and the model use. */
function taskDto(task: Task): TaskDto {
  const { priority: _p, tags: _t, updatedAt: _u, completedAt: _c, createdBy: _b, source: _s, ...dto } = task;
  return dto;
}

function runDto(run: TaskRun, usage: AppServices['usage']): TaskRunDto {
  const { id, executionId, occurrence, status, late, startedAt, endedAt, answer, error, denied, preCheck } =
    run;
  const sum = startedAt
    ? usage.store.runSum(run.taskId, startedAt, endedAt, usage.currency())
    : { requests: 0, total_tokens: 0, cost: 0, currency: usage.currency(), estimated: false };
  const { requests, total_tokens, cost, currency, estimated } = sum;
  return {
    id,
    executionId,
    occurrence,
    status,
    late,
    startedAt,
    endedAt,
    answer,
    error,
    denied,
    preCheck,
    usage: { requests, total_tokens, cost, currency, estimated },
  };
}

export function createTasksRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  const { tasks } = services;

  const taskId = (raw: string): number => {
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1) throw apiError('bad_request', t.badId(raw));
    return id;
  };
  const existing = (raw: string): Task => {
    const id = taskId(raw);
    const task = tasks.get(id);
    if (!task || task.status === 'deleted') throw apiError('not_found', t.noTask(id));
    return task;
  };

  app.get('/', (c) => {
    const { limit, offset } = TaskPageSchema.parse(c.req.query());
    const page = tasks.list({ includeCompleted: true, limit, offset });
    const total = tasks.count({ includeCompleted: true });
    return c.json<TaskListDto>({ tasks: page.map(taskDto), total, offset, limit });
  });

  /** A person's pre-check, judged like the model's with nobody to ask ('' and null: none). */
  const admittedWhen = async (when: string | null | undefined): Promise<string | null | undefined> => {
    const command = when?.trim();
    if (when === undefined) return undefined;
    if (!command) return null;
    const admitted = await services.admitPreCheck(command, services.lang);
    if (!admitted.ok) throw apiError('bad_argument', t.preCheckRefused(admitted.message));
    return command;
  };

  app.post('/', async (c) => {
    const body = NewTaskSchema.parse(await readJson(c.req.raw, t));
    const when = await admittedWhen(body.when);
    const schedule = buildSchedule(scheduleSpec(body), {
      now: services.clock.now(),
      lang: services.lang,
      defaultTimezone: services.config.scheduler.timezone || undefined,
      minIntervalS: services.config.scheduler.min_interval_s,
    });
    const task = tasks.add({
      title: body.title,
      content: body.content ?? '',
      schedule,
      createdBy: 'web',
      source: 'web',
      notify: body.notify,
      ...(when ? { when } : {}),
      ...(body.max_tokens_per_run !== undefined ? { maxTokensPerRun: body.max_tokens_per_run } : {}),
    });
    return c.json<TaskDto>(taskDto(task), 201);
  });

  app.patch('/:id', async (c) => {
    const task = existing(c.req.param('id'));
    const body: TaskPatchBody = TaskPatchSchema.parse(await readJson(c.req.raw, t));
    const when = await admittedWhen(body.when);
    const patch = {
      ...(body.notify !== undefined ? { notify: body.notify } : {}),
      ...(when !== undefined ? { when } : {}),
      ...(body.max_tokens_per_run !== undefined ? { maxTokensPerRun: body.max_tokens_per_run } : {}),
    };
    return c.json<TaskDto>(taskDto(tasks.update(task.id, patch)));
  });

  app.post('/:id/complete', (c) => {
    const task = existing(c.req.param('id'));
    const result = tasks.complete(task.id);
    return c.json({ task: taskDto(result.task), advanced: result.advanced });
  });

  app.delete('/:id', (c) => {
    const task = existing(c.req.param('id'));
    tasks.delete(task.id);
    return c.json({ deleted: task.id });
  });

  app.get('/:id/runs', (c) => {
    const task = existing(c.req.param('id'));
    return c.json<{ runs: TaskRunDto[] }>({
      runs: tasks.runs(task.id, { limit: 50 }).map((run) => runDto(run, services.usage)),
    });
  });

  return app;
}
