/** One-line task rendering shared by /memos and /tasks. */
import type { Lang } from '../i18n/lang.js';
import { describeSchedule, formatNextRun } from '../tasks/describe.js';
import type { Task } from '../tasks/types.js';
import { memoryCommandMessages } from './messages.js';

export function taskLine(task: Task, lang: Lang, now: Date): string {
  const t = memoryCommandMessages(lang);
  const due = task.nextRunAt !== null && Date.parse(task.nextRunAt) <= now.getTime();
  const mark = `${due ? '⚠️' : '⏰'}${task.schedule.kind === 'immediate' ? '⚡' : ''}`;
  const next = formatNextRun(task, t.noNext);
  return t.taskLine(mark, task.id, task.title, describeSchedule(task.schedule, lang), next);
}
