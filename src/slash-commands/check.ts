import { describeSchedule, formatLocal } from '../tasks/describe.js';
import { memoryCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/check`: lists the tasks due now. It does not run them. */
export const checkCommand: SlashCommand<'tasks' | 'clock'> = {
  name: 'check',
  help: { zh: '检查到期任务（不执行）', en: 'Check due tasks (does not run them)' },
  usage: '/check',
  async run({ services, lang }) {
    const t = memoryCommandMessages(lang);
    const due = services.tasks.due(services.clock.now());
    if (due.length === 0) return { content: `${t.checkTitle}${t.checkNone}`, data: { due: [] } };
    const lines = due.map((task) =>
      t.checkLine(
        task.id,
        task.title,
        describeSchedule(task.schedule, lang),
        formatLocal(task.nextRunAt ?? '', task.schedule.timezone),
      ),
    );
    return { content: `${t.checkTitle}${t.checkFound(due.length)}\n${lines.join('\n')}`, data: { due } };
  },
};
