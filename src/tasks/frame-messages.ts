import { defineMessages } from '../i18n/lang.js';

export const frameMessages = defineMessages({
  zh: {
    added: (title: string, id: number, schedule: string) =>
      `📋 已添加任务: ${title} (ID: ${id})，${schedule}`,
    completed: (id: number) => `✅ 任务 #${id} 已完成`,
    advanced: (id: number, next: string) => `✅ 任务 #${id} 本次已完成，下次执行 ${next}`,
    deleted: (id: number) => `🗑️ 任务 #${id} 已删除`,
    cannotComplete: (id: number) => `❌ 无法完成任务 #${id}`,
    cannotDelete: (id: number) => `❌ 无法删除任务 #${id}（不存在）`,
    badFrame: (what: string) => `task 消息无效: ${what}`,
    failed: (why: string) => `处理失败: ${why}`,
  },
  en: {
    added: (title: string, id: number, schedule: string) =>
      `📋 Task added: ${title} (ID: ${id}), ${schedule}`,
    completed: (id: number) => `✅ Task #${id} completed`,
    advanced: (id: number, next: string) => `✅ Task #${id} done for now; next run ${next}`,
    deleted: (id: number) => `🗑️ Task #${id} deleted`,
    cannotComplete: (id: number) => `❌ Cannot complete task #${id}`,
    cannotDelete: (id: number) => `❌ Cannot delete task #${id} (no such task)`,
    badFrame: (what: string) => `Invalid task frame: ${what}`,
    failed: (why: string) => `Failed: ${why}`,
  },
});
