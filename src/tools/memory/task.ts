/** memo: the agent's task tool (the original's arguments, plus cron and timezone; docs/memory-and-tasks.md). */
import { z } from 'zod';
import { chatOfSession, formatChatTarget } from '../../chats/chat-target.js';
import { isAppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { buildSchedule } from '../../tasks/build-schedule.js';
import { describeSchedule, formatLocal, formatNextRun } from '../../tasks/describe.js';
import { legacyScheduleFields, specFromLegacyArgs } from '../../tasks/legacy-args.js';
import { taskFrameMessages } from '../../tasks/messages.js';
import { MAX_TASK_RUN_TOKENS } from '../../tasks/task-fields.js';
import type { Task, TaskStore } from '../../tasks/types.js';
import { type Clock, systemClock } from '../../util/clock.js';
import type { PreCheckRunner } from '../command/pre-check.js';
import { failure, success } from '../format.js';
import { commonMessages } from '../messages.js';
import type { Tool } from '../tool.js';
import { taskToolMessages } from './messages.js';

function schema(lang: Lang) {
  const m = taskToolMessages(lang);
  const f = legacyScheduleFields;
  return z.object({
    action: z
      .enum(['add', 'list', 'get', 'complete', 'delete', 'search', 'stats', 'notify'])
      .describe(m.action),
    title: z.string().optional().describe(m.title),
    content: z.string().optional().describe(m.content),
    reminder_time: f.reminder_time.describe(m.reminderTime),
    reminder_minutes: f.reminder_minutes.describe(m.reminderMinutes),
    tags: z.array(z.string()).optional().describe(m.tags),
    notify: z.string().max(200).nullable().optional().describe(m.notify),
    when: z.string().max(2000).optional().describe(m.when),
    max_tokens_per_run: z.int().min(1).max(MAX_TASK_RUN_TOKENS).optional().describe(m.maxTokensPerRun),
    priority: z.int().min(1).max(5).optional().describe(m.priority),
    repeat_type: f.repeat_type.describe(m.repeatType),
    repeat_interval: f.repeat_interval.describe(m.repeatInterval),
    repeat_interval_unit: f.repeat_interval_unit.describe(m.repeatUnit),
    repeat_end_time: f.repeat_end_time.describe(m.repeatEnd),
    is_immediate: f.is_immediate.describe(m.immediate),
    cron: f.cron.describe(m.cron),
    timezone: f.timezone.describe(m.timezone),
    memo_id: z.int().optional().describe(m.taskId),
    memo_ids: z.array(z.int()).optional().describe(m.taskIds),
    force_complete: z.boolean().optional().describe(m.force),
    keyword: z.string().optional().describe(m.keyword),
    include_completed: z.boolean().optional().describe(m.includeCompleted),
    limit: z.int().min(1).max(200).optional().describe(m.limit),
    confirm: z.boolean().optional().describe(commonMessages(lang).deleteConfirm),
  });
}

type TaskToolArgs = z.infer<ReturnType<typeof schema>>;

interface TaskToolOptions {
  tasks: TaskStore;
  lang: Lang;
  clock?: Clock;
  /** config `scheduler.timezone` ('' = the system's). */
  defaultTimezone?: string;
  /** config `scheduler.min_interval_s` (default 60). */
  minIntervalS?: number;
  /** config `scheduler.max_tokens_per_run`: a task the model makes may lower it, never raise it (0: none). */
  configRunCap?: number;
  /** Judges a task's `when` when it is given (absent: pre-checks cannot be used). */
  preCheck?: PreCheckRunner;
}

/** "Remind me …" said in a chat: the task posts its results back to that chat. */
function defaultNotify(sessionId: string): string | undefined {
  const chat = chatOfSession(sessionId);
  return chat && formatChatTarget(chat);
}

export function createTaskTool(options: TaskToolOptions): Tool<TaskToolArgs> {
  const { tasks } = options;
  const clock = options.clock ?? systemClock;
  return {
    name: 'memo',
    description: taskToolMessages(options.lang).description,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = taskToolMessages(ctx.lang);
      const next = (task: Task) => formatNextRun(task, t.noNext);
      const line = (task: Task) =>
        `[ID: ${task.id}] ${task.title} — ${describeSchedule(task.schedule, ctx.lang)} — ${t.labelNext}: ${next(task)}`;
      const ids = [...(args.memo_ids ?? []), ...(args.memo_id === undefined ? [] : [args.memo_id])];
      try {
        switch (args.action) {
          case 'add': {
            if (!args.title?.trim()) return failure(t.needTitle);
            const schedule = buildSchedule(specFromLegacyArgs(args), {
              now: clock.now(),
              lang: ctx.lang,
              defaultTimezone: options.defaultTimezone,
              minIntervalS: options.minIntervalS,
            });
            const cap = args.max_tokens_per_run;
            const configCap = options.configRunCap ?? 0;
            if (cap !== undefined && configCap > 0 && cap > configCap)
              return failure(t.capAboveConfig(configCap));
            // The pre-check is the model's text: judged (and asked for) now, like run_command.
            const when = args.when?.trim() || undefined;
            let whenApprovedBy: string | null = null;
            if (when) {
              if (!options.preCheck) return failure(t.whenUnavailable);
              const admitted = await options.preCheck.admit(when, ctx);
              if (!admitted.ok) return failure(t.whenRefused(admitted.message));
              whenApprovedBy = admitted.approvedBy;
            }
            const task = tasks.add({
              ...(when ? { when, whenApprovedBy } : {}),
              ...(cap !== undefined ? { maxTokensPerRun: cap } : {}),
              title: args.title.trim(),
              content: args.content,
              schedule,
              priority: args.priority,
              tags: args.tags,
              createdBy: 'AI',
              source: ctx.sessionId,
              notify: args.notify === undefined ? defaultNotify(ctx.sessionId) : args.notify,
            });
            return success(t.created, [
              [t.labelId, task.id],
              [t.labelTitle, task.title],
              [t.labelSchedule, describeSchedule(task.schedule, ctx.lang)],
              [t.labelNext, next(task)],
              [t.labelNotify, task.notify],
              [t.labelWhen, task.when],
              [t.labelRunCap, task.maxTokensPerRun],
            ]);
          }
          case 'notify': {
            if (ids.length === 0) return failure(t.needId);
            const said = taskFrameMessages(ctx.lang);
            const lines = ids.map((id) => {
              const task = tasks.update(id, { notify: args.notify ?? null });
              return task.notify ? said.notifySet(id, task.notify) : said.notifyCleared(id);
            });
            return success(lines.join('\n'));
          }
          case 'list':
          case 'search': {
            if (args.action === 'search' && !args.keyword?.trim()) return failure(t.needKeyword);
            const listOptions = { includeCompleted: args.include_completed, limit: args.limit ?? 20 };
            const found =
              args.action === 'search'
                ? tasks.search(args.keyword ?? '', listOptions)
                : tasks.list(listOptions);
            if (found.length === 0) return { ok: true, content: t.none };
            return { ok: true, content: [t.listTitle(found.length), ...found.map(line)].join('\n') };
          }
          case 'get': {
            const task = ids[0] === undefined ? undefined : tasks.get(ids[0]);
            if (!task) return failure(ids[0] === undefined ? t.needId : t.notFound(ids[0]));
            const runs = tasks.runs(task.id, { limit: 10 });
            return success(task.title, [
              [t.labelId, task.id],
              [t.labelStatus, task.status],
              [t.labelSchedule, describeSchedule(task.schedule, ctx.lang)],
              [t.labelNext, next(task)],
              [t.labelContent, task.content || null],
              [t.labelNotify, task.notify],
              [t.labelWhen, task.when],
              [t.labelRunCap, task.maxTokensPerRun],
              [t.labelRuns, task.runCount],
              [t.labelLast, task.lastOutcome],
              [
                t.runsTitle,
                runs
                  .map(
                    (r) =>
                      t.run(formatLocal(r.occurrence, task.schedule.timezone), r.status, r.late) +
                      (r.status === 'skipped' && r.preCheck ? t.runSkipped(r.preCheck.line) : ''),
                  )
                  .join('\n') || null,
              ],
            ]);
          }
          case 'complete': {
            if (ids.length === 0) return failure(t.needId);
            const lines = ids.map((id) => {
              const { task, advanced } = tasks.complete(id, { force: args.force_complete });
              return advanced ? t.advanced(id, next(task)) : t.completed(id);
            });
            return success(lines.join('\n'));
          }
          case 'delete': {
            if (ids.length === 0) return failure(t.needId);
            if (args.confirm !== true) return failure(t.needConfirm);
            const missing = ids.filter((id) => !tasks.delete(id));
            if (missing.length === ids.length) return failure(t.notFound(missing[0] ?? 0));
            return success(t.deleted(ids.filter((id) => !missing.includes(id)).join(', ')));
          }
          case 'stats':
            return { ok: true, content: `${t.statsTitle}\n${t.stats(tasks.stats(clock.now()))}` };
        }
      } catch (error) {
        if (isAppError(error)) return failure(error.message);
        throw error;
      }
    },
  };
}
