import { defineMessages } from '../i18n/lang.js';

export const taskFrameMessages = defineMessages({
  zh: {
    added: (title: string, id: number, schedule: string) =>
      `📋 已添加任务: ${title} (ID: ${id}) · ${schedule}`,
    completed: (id: number) => `✅ 任务 #${id} 已完成`,
    advanced: (id: number, next: string) => `✅ 任务 #${id} 本次已完成，下次: ${next}`,
    deleted: (id: number) => `🗑️ 任务 #${id} 已删除`,
    notFound: (id: number) => `❌ 任务 #${id} 不存在`,
    badTask: (problem: string) => `任务帧有误：${problem}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
    unavailable: '任务功能尚不可用',
  },
  en: {
    added: (title: string, id: number, schedule: string) =>
      `📋 Task added: ${title} (ID: ${id}) · ${schedule}`,
    completed: (id: number) => `✅ Task #${id} completed`,
    advanced: (id: number, next: string) => `✅ Task #${id} done for now; next run: ${next}`,
    deleted: (id: number) => `🗑️ Task #${id} deleted`,
    notFound: (id: number) => `❌ Task #${id} does not exist`,
    badTask: (problem: string) => `Bad task frame: ${problem}`,
    dueLine: (icon: string, id: number, title: string, at: string) => `${icon} [ID: ${id}] ${title} - ${at}`,
    unavailable: 'Tasks are not available yet',
  },
});
