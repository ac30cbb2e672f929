import { isoWithOffset } from '../util/clock.js';
import { memoryCommandMessages } from './messages.js';
import { taskLine } from './task-lines.js';
import type { SlashCommand } from './types.js';

/** `/tasks`: real statistics (each its own number), due tasks, and the next ones up. */
export const tasksCommand: SlashCommand<'tasks' | 'scheduler' | 'clock'> = {
  name: 'tasks',
  help: { zh: '任务统计与待执行任务', en: 'Task statistics and due tasks' },
  usage: '/tasks',
  async run({ services, lang }) {
    const t = memoryCommandMessages(lang);
    const now = services.clock.now();
    const stats = services.tasks.stats(now);
    const due = services.tasks.due(now);
    const upcoming = services.tasks.list({ limit: 10 }).filter((task) => !due.some((d) => d.id === task.id));
    const lines = [
      t.statsLine(stats),
      t.dueCount(due.length),
      ...due.slice(0, 10).map((task) => taskLine(task, lang, now)),
    ];
    if (upcoming.length > 0) lines.push('', t.upcoming, ...upcoming.map((task) => taskLine(task, lang, now)));
    const wake = services.scheduler?.nextWakeAt();
    lines.push('', services.scheduler ? t.nextWake(wake ? isoWithOffset(wake) : '-') : t.noScheduler);
    return {
      content: lines.join('\n'),
      data: { stats, due, upcoming, schedulerEnabled: Boolean(services.scheduler) },
    };
  },
};
