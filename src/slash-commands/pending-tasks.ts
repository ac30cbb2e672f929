import { memoryCommandMessages } from './messages.js';
import { taskLine } from './task-lines.js';
import type { SlashCommand } from './types.js';

/** `/memos`: pending (active) tasks by next run, at most 50. */
export const pendingTasksCommand: SlashCommand<'tasks' | 'clock'> = {
  name: 'memos',
  help: { zh: '待执行的任务', en: 'Pending tasks' },
  usage: '/memos',
  async run({ services, lang }) {
    const t = memoryCommandMessages(lang);
    const tasks = services.tasks.list({ limit: 50 });
    if (tasks.length === 0) return { content: t.pendingEmpty, data: { tasks: [] } };
    const now = services.clock.now();
    return {
      content: `${t.pendingTitle}${tasks.map((task) => taskLine(task, lang, now)).join('\n')}`,
      data: { tasks },
    };
  },
};
