import { defineMessages } from '../i18n/lang.js';

/** Texts of the `task` frame replies and of the connect-time `task_status` lines. */
export const frameMessages = defineMessages({
  zh: {
    added: (title: string, id: number, schedule: string) =>
      `📋 已添加任务: ${title} (ID: ${id})，${schedule}`,
    completed: (id: number) => `✅ 任务 #${id} 已完成`,
    advanced: (id: number, next: string) => `✅ 任务 #${id} 本次已完成，下次执行 ${next}`,
    deleted: (id: number) => `🗑️ 任务 #${id} 已删除`,
    noActiveTask: (id: number) => `❌ 没有进行中的任务 #${id}`,
    noTask: (id: number) => `❌ 任务 #${id} 不存在`,
    badFrame: (what: string) => `task 消息无效: ${what}`,
    bothTimes: '`at` 与 `reminder_time` 只能给一个（二者同义）',
    failed: (why: string) => `处理失败: ${why}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
  },
  en: {
    added: (title: string, id: number, schedule: string) =>
      `📋 Task added: ${title} (ID: ${id}), ${schedule}`,
    completed: (id: number) => `✅ Task #${id} completed`,
    advanced: (id: number, next: string) => `✅ Task #${id} done for now; next run ${next}`,
    deleted: (id: number) => `🗑️ Task #${id} deleted`,
    noActiveTask: (id: number) => `❌ No active task #${id}`,
    noTask: (id: number) => `❌ Task #${id} does not exist`,
    badFrame: (what: string) => `Invalid task frame: ${what}`,
    bothTimes: 'give `at` or `reminder_time`, not both (they mean the same)',
    failed: (why: string) => `Failed: ${why}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
  },
});
