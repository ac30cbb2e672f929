import { defineMessages } from '../i18n/lang.js';

export const sessionMessages = defineMessages({
  zh: {
    /** Stands in for a tool result lost to a crash or an abort. */
    missingToolResult: (name: string) => `❌ 工具 ${name} 没有返回结果（被中断）`,
    summariserSystem:
      '你负责压缩对话记录。请用简洁的中文总结下面这段较早的对话，保留：用户的目标和偏好、已做出的决定、' +
      '工具调用得到的重要结果（文件路径、数值、命令结论）、尚未完成的事。不要编造，不要寒暄，不超过 400 字。',
    previousSummary: '更早的摘要：',
    user: '用户',
    assistant: '助手',
    toolCall: (name: string, args: string) => `[调用工具 ${name}(${args})]`,
    toolResult: (text: string) => `[工具结果: ${text}]`,
    closed: '会话已关闭',
    internal: (detail: string) => `内部错误: ${detail}`,
    queueFull: (max: number) =>
      `排队的消息已达上限（${max} 条，server.max_queued_turns）：请等当前回合结束后再发`,
    tooManySessions: (max: number) =>
      `同时保持的会话已达上限（${max} 个，server.max_sessions），且都在运行或有客户端连接：请稍后再试`,
  },
  en: {
    missingToolResult: (name: string) => `❌ The tool ${name} returned no result (interrupted)`,
    summariserSystem:
      'You compress conversation logs. Summarise the earlier part of the conversation below, briefly, keeping: ' +
      "the user's goals and preferences, decisions made, important tool results (file paths, figures, what commands showed), " +
      'and what is still open. Invent nothing, no pleasantries, at most 300 words.',
    previousSummary: 'Earlier summary:',
    user: 'User',
    assistant: 'Assistant',
    toolCall: (name: string, args: string) => `[called tool ${name}(${args})]`,
    toolResult: (text: string) => `[tool result: ${text}]`,
    closed: 'The session is closed',
    internal: (detail: string) => `Internal error: ${detail}`,
    queueFull: (max: number) =>
      `Too many queued messages (limit ${max}, server.max_queued_turns): wait for the running turn to finish`,
    tooManySessions: (max: number) =>
      `Too many sessions held at once (limit ${max}, server.max_sessions), all running or with clients attached: try again later`,
  },
});
