import { defineMessages } from '../../i18n/lang.js';

export const askMessages = defineMessages({
  zh: {
    description:
      '在命令行问一个问题（在本进程运行一轮对话，不经过正在运行的服务器；模型设置取自 config.json 和当前 shell 的环境变量）：回答输出到 stdout，工具活动输出到 stderr',
    messageArg: '要发送的内容（多个词会用空格连起来）',
    sessionOption: '会话名（默认 cli，与网页的 main 会话分开）',
    newOption: '先归档当前对话，开始新的对话',
    yesOption: '需要批准的操作一律允许一次（从不保存为“总是允许”）；不加时，只在终端上询问，否则拒绝',
    emptyMessage: '没有要发送的内容',
    badSession: (name: string) => `会话名无效: ${name}（只能用字母、数字、_ - .，最长 64 个字符）`,
    toolStart: (name: string, args: string) => `▶ ${name} ${args}`,
    toolOk: (name: string, ms: number) => `✓ ${name}（${ms} 毫秒）`,
    toolFailed: (name: string, ms: number, first: string) => `✗ ${name}（${ms} 毫秒）: ${first}`,
    fullOutput: (path: string) => `  完整输出: ${path}`,
    ended: '（对话已结束，下一条消息会开始新的对话）',
    failed: (code: string, message: string) => `错误 [${code}]: ${message}`,
  },
  en: {
    description:
      'Ask one question from the shell (one agent turn in this process, not through a running server; model settings from config.json and this shell’s environment): the answer on stdout, tool activity on stderr',
    messageArg: 'what to send (several words are joined with spaces)',
    sessionOption: 'session name (default cli, separate from the web page’s main session)',
    newOption: 'archive the current conversation first and start a new one',
    yesOption:
      'allow once everything that needs approval (never saved as "always"); without it, asks on a terminal and otherwise denies',
    emptyMessage: 'There is nothing to send',
    badSession: (name: string) =>
      `Invalid session name: ${name} (letters, digits, _ - . only, at most 64 characters)`,
    toolStart: (name: string, args: string) => `▶ ${name} ${args}`,
    toolOk: (name: string, ms: number) => `✓ ${name} (${ms} ms)`,
    toolFailed: (name: string, ms: number, first: string) => `✗ ${name} (${ms} ms): ${first}`,
    fullOutput: (path: string) => `  full output: ${path}`,
    ended: '(the conversation has ended; the next message starts a new one)',
    failed: (code: string, message: string) => `error [${code}]: ${message}`,
  },
});
