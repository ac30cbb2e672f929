import { defineMessages } from '../i18n/lang.js';

export const schedulerMessages = defineMessages({
  zh: {
    stopped: '调度器停止，任务未开始',
    noPreCheck: '这个 Aibox 不能运行预检命令',
    instructions: (title: string, id: number, at: string, late: boolean) =>
      `这是定时任务「${title}」(ID: ${id}) 的一次执行，原定时间 ${at}${late ? '（已错过，现在补执行）' : ''}。请直接完成任务内容并简要汇报结果。`,
  },
  en: {
    stopped: 'The scheduler stopped before the task started',
    noPreCheck: 'this Aibox cannot run pre-checks',
    instructions: (title: string, id: number, at: string, late: boolean) =>
      `This is a run of the scheduled task "${title}" (ID: ${id}), due ${at}${late ? ' (missed; running now)' : ''}. Do what the task says and report the result briefly.`,
  },
});
