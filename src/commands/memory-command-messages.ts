import { defineMessages } from '../i18n/lang.js';
import type { TaskStats } from '../tasks/types.js';

/** Line layouts with no words in them: the same in every language. */
const layouts = {
  memoryLine: (id: number, topic: string, summary: string) => `  [ID: ${id}] ${topic} - ${summary}`,
  taskLine: (mark: string, id: number, title: string, schedule: string, next: string) =>
    `  ${mark} [ID: ${id}] ${title} [${schedule}] - ${next}`,
  checkLine: (id: number, title: string, schedule: string, at: string) =>
    `  • [ID: ${id}] ${title} (${schedule}) - ${at}`,
};

/** Strings of /memories, /search, /memos, /tasks, /check. */
export const memoryCommandMessages = defineMessages({
  zh: {
    ...layouts,
    memoriesTitle: '\n📚 最近的记忆:\n',
    memoriesEmpty: '还没有记忆',
    searchUsage: '用法: /search 关键词',
    searchTitle: (q: string, n: number) => `🔍 搜索 '${q}' 找到 ${n} 条记忆:\n`,
    memosTitle: '\n📋 待执行的任务:\n',
    memosEmpty: '没有待执行的任务',
    noNext: '无下次执行',
    statsLine: (s: Omit<TaskStats, 'deleted'>) =>
      `\n📊 任务统计: 总数=${s.total}, 待执行=${s.active}, 已到期=${s.due}, 已完成=${s.completed}, 执行次数=${s.runs}, 失败=${s.failedRuns}\n`,
    dueCount: (n: number) => `到期任务: ${n} 个`,
    upcoming: '即将执行:',
    noScheduler: '⚠️ 任务调度器未启用（任务不会自动执行）',
    nextWake: (at: string) => `调度器下次唤醒: ${at}`,
    checkTitle: '🔍 检查任务...\n',
    checkFound: (n: number) => `发现 ${n} 个到期任务（未执行，调度器会执行它们）:`,
    checkNone: '没有到期的任务',
  },
  en: {
    ...layouts,
    memoriesTitle: '\n📚 Recent memories:\n',
    memoriesEmpty: 'No memories yet',
    searchUsage: 'Usage: /search KEYWORDS',
    searchTitle: (q: string, n: number) => `🔍 Search '${q}': ${n} memories\n`,
    memosTitle: '\n📋 Pending tasks:\n',
    memosEmpty: 'No pending tasks',
    noNext: 'no next run',
    statsLine: (s: Omit<TaskStats, 'deleted'>) =>
      `\n📊 Tasks: total=${s.total}, pending=${s.active}, due=${s.due}, completed=${s.completed}, runs=${s.runs}, failed=${s.failedRuns}\n`,
    dueCount: (n: number) => `Due tasks: ${n}`,
    upcoming: 'Next up:',
    noScheduler: '⚠️ The task scheduler is disabled (tasks will not run by themselves)',
    nextWake: (at: string) => `Scheduler wakes next at: ${at}`,
    checkTitle: '🔍 Checking tasks...\n',
    checkFound: (n: number) => `${n} due tasks (not run here; the scheduler runs them):`,
    checkNone: 'No tasks are due',
  },
});
