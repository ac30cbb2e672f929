import { defineMessages } from '../i18n/lang.js';

export const schedulerMessages = defineMessages({
  zh: {
    added: (title: string, schedule: string) => `新任务: ${title}（${schedule}）`,
    updated: (title: string) => `任务已修改: ${title}`,
    advanced: (title: string, next: string) => `任务已完成本次: ${title}，下次 ${next}`,
    completed: (title: string) => `任务已完成: ${title}`,
    deleted: (title: string) => `任务已删除: ${title}`,
    executing: (title: string, id: number) => `⚙️ 正在执行任务: ${title} (ID: ${id})`,
    executingLate: (title: string, id: number, at: string) =>
      `⚙️ 正在执行错过的任务: ${title} (ID: ${id}，原定 ${at})`,
    noAnswer: 'AI无响应',
    failed: (why: string) => `任务执行失败: ${why}`,
    interrupted: (title: string) => `任务在服务重启时被中断，未重新执行: ${title}`,
    stopped: '调度器停止，任务未开始',
    skipped: (title: string, exit: string, line: string) =>
      `任务本次跳过（预检${exit}，未调用模型）: ${title}${line ? ` — ${line}` : ''}`,
    preCheckExit: (code: number | null, outcome: string) => (code === null ? `：${outcome}` : `返回 ${code}`),
    noPreCheck: '这个 Aibox 不能运行预检命令',
    instructions: (title: string, id: number, at: string, late: boolean) =>
      `这是定时任务「${title}」(ID: ${id}) 的一次执行，原定时间 ${at}${late ? '（已错过，现在补执行）' : ''}。请直接完成任务内容并简要汇报结果。`,
    toolLine: (name: string) => `🔧 调用工具: ${name}`,
    toolDone: (name: string, ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${name}: ${text}`,
    ended: '🔚 对话已结束',
  },
  en: {
    added: (title: string, schedule: string) => `New task: ${title} (${schedule})`,
    updated: (title: string) => `Task changed: ${title}`,
    advanced: (title: string, next: string) => `Task done for now: ${title}; next at ${next}`,
    completed: (title: string) => `Task completed: ${title}`,
    deleted: (title: string) => `Task deleted: ${title}`,
    executing: (title: string, id: number) => `⚙️ Running task: ${title} (ID: ${id})`,
    executingLate: (title: string, id: number, at: string) =>
      `⚙️ Running missed task: ${title} (ID: ${id}, due ${at})`,
    noAnswer: 'No answer from the AI',
    failed: (why: string) => `Task failed: ${why}`,
    interrupted: (title: string) => `Task was interrupted by a restart and is not run again: ${title}`,
    stopped: 'The scheduler stopped before the task started',
    skipped: (title: string, exit: string, line: string) =>
      `Task skipped this time (pre-check ${exit}, no model call): ${title}${line ? ` — ${line}` : ''}`,
    preCheckExit: (code: number | null, outcome: string) => (code === null ? outcome : `exited ${code}`),
    noPreCheck: 'this Aibox cannot run pre-checks',
    instructions: (title: string, id: number, at: string, late: boolean) =>
      `This is a run of the scheduled task "${title}" (ID: ${id}), due ${at}${late ? ' (missed; running now)' : ''}. Do what the task says and report the result briefly.`,
    toolLine: (name: string) => `🔧 Calling tool: ${name}`,
    toolDone: (name: string, ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${name}: ${text}`,
    ended: '🔚 The conversation has ended',
  },
});
