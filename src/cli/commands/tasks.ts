import type { Command } from 'commander';
import type { CliContext } from '../../config/context.js';
import type { Task, TaskStore } from '../../tasks/types.js';
import {
  parsePositiveInt,
  parseWholeNumber,
  printJson,
  printLine,
  withDatabase,
} from '../command-helpers.js';
import { helpMessages } from './memory-cli-context.js';
import { memoryCliMessages } from './messages.js';

interface AddOpts {
  content?: string;
  at?: string;
  every?: string;
  cron?: string;
  tz?: string;
  until?: string;
  when?: string;
  maxTokensPerRun?: string;
  now?: boolean;
  priority?: string;
  json?: boolean;
}

/** The task modules, loaded when a task command runs (not for every `aibox` start). */
async function loadTaskModules() {
  const [schedule, describe, frames, store] = await Promise.all([
    import('../../tasks/build-schedule.js'),
    import('../../tasks/describe.js'),
    import('../../server/tasks/task-frames.js'),
    import('../../tasks/store.js'),
  ]);
  return { ...schedule, ...describe, ...frames, ...store };
}
type TaskModules = Awaited<ReturnType<typeof loadTaskModules>>;

/** Runs an action with the task store open, closing the database afterwards. */
async function withTasks(
  command: Command,
  action: (store: TaskStore, ctx: CliContext, lib: TaskModules) => void,
): Promise<void> {
  const lib = await loadTaskModules();
  await withDatabase(command, (ctx, db) => action(lib.createTaskStore({ db, lang: ctx.lang }), ctx, lib));
}

function printTask(task: Task, ctx: CliContext, lib: TaskModules): void {
  const m = memoryCliMessages(ctx.lang);
  const next = lib.formatNextRun(task, m.noNext);
  process.stdout.write(
    `[${task.id}] ${task.title}  (${task.status})\n${m.schedule(lib.describeSchedule(task.schedule, ctx.lang))}\n${m.next(next)}\n`,
  );
}

/**
 * `aibox memo add|list|complete|delete`: tasks, under the original Aibox's name for them (`memo`).
 * The running server's scheduler sees CLI changes within its max sleep (60 s).
 */
export function register(program: Command): void {
  const h = helpMessages();
  const taskCommand = program.command('memo').description(h.tasks);
  taskCommand
    .command('add')
    .description(h.taskAdd)
    .argument('<title>')
    .option('--content <text>', h.content)
    .option('--at <when>', h.at)
    .option('--every <spec>', h.every)
    .option('--cron <expr>', h.cron)
    .option('--tz <zone>', h.tz)
    .option('--until <when>', h.until)
    .option('--when <command>', h.when)
    .option('--max-tokens-per-run <n>', h.maxTokensPerRun)
    .option('--now', h.now)
    .option('--priority <n>', h.priority)
    .option('--json', h.json)
    .action(async (title: string, opts: AddOpts, command: Command) =>
      withTasks(command, (store, ctx, lib) => {
        const m = memoryCliMessages(ctx.lang);
        const now = new Date();
        const schedule = lib.buildSchedule(
          {
            at: opts.at,
            every: opts.every,
            cron: opts.cron,
            timezone: opts.tz,
            until: opts.until,
            immediate: opts.now,
          },
          {
            now,
            lang: ctx.lang,
            defaultTimezone: ctx.loaded.config.scheduler.timezone,
            minIntervalS: ctx.loaded.config.scheduler.min_interval_s,
          },
        );
        const priority = parsePositiveInt(opts.priority, (v) => m.badNumber('--priority', v));
        const cap = parseWholeNumber(opts.maxTokensPerRun, (v) => m.badNumber('--max-tokens-per-run', v));
        const task = store.add({
          title,
          content: opts.content,
          schedule,
          priority,
          createdBy: 'cli',
          source: 'cli',
          // A person typed it: their yes for what the command decision would ask (a denied command stays denied).
          ...(opts.when?.trim() ? { when: opts.when, whenApprovedBy: 'aibox memo add' } : {}),
          ...(cap !== undefined ? { maxTokensPerRun: cap } : {}),
        });
        if (opts.json) return printJson(lib.taskListItem(task, ctx.lang, now));
        printLine(m.added(task.id, task.title));
        printTask(task, ctx, lib);
      }),
    );
  taskCommand
    .command('list')
    .description(h.taskList)
    .option('--json', h.json)
    .option('--all', h.includeCompleted)
    .action(async (opts: { json?: boolean; all?: boolean }, command: Command) =>
      withTasks(command, (store, ctx, lib) => {
        const tasks = store.list({ includeCompleted: opts.all });
        if (opts.json) return printJson(tasks.map((task) => lib.taskListItem(task, ctx.lang, new Date())));
        if (tasks.length === 0) return printLine(memoryCliMessages(ctx.lang).none);
        for (const task of tasks) printTask(task, ctx, lib);
      }),
    );
  taskCommand
    .command('complete')
    .description(h.taskComplete)
    .argument('<id>')
    .option('--force', h.force)
    .action(async (id: string, opts: { force?: boolean }, command: Command) =>
      withTasks(command, (store, ctx, lib) => {
        const m = memoryCliMessages(ctx.lang);
        const taskId = parsePositiveInt(id, m.badId) as number;
        const { task, advanced } = store.complete(taskId, { force: opts.force });
        const next = lib.formatNextRun(task, m.noNext);
        printLine(advanced ? m.advanced(taskId, next) : m.completed(taskId));
      }),
    );
  taskCommand
    .command('delete')
    .description(h.taskDelete)
    .argument('<id>')
    .action(async (id: string, _opts: unknown, command: Command) =>
      withTasks(command, (store, ctx) => {
        const m = memoryCliMessages(ctx.lang);
        const taskId = parsePositiveInt(id, m.badId) as number;
        if (!store.delete(taskId)) {
          process.stderr.write(`${m.notFound(taskId)}\n`);
          process.exitCode = 1;
          return;
        }
        printLine(m.deleted(taskId));
      }),
    );
}
