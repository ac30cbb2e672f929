import { defineMessages } from '../i18n/lang.js';

/** The text of a refused tool call (refusal.ts), in zh and en. */
export const refusalMessages = defineMessages({
  zh: {
    commandNotRun: (command: string) => `命令未执行：${command}`,
    notDone: (what: string) => `未执行：${what}`,
    text: (headline: string, reason: string, how: string) =>
      `${headline}\n原因：${reason}\n${how}\n不要再次尝试同样的操作（换个写法也一样会被拒绝）；改用不需要这一步的做法，或请用户自己来做。`,
    denied: '策略禁止这一操作。',
    policy: 'safety.mode 为 deny：需要批准的操作一律拒绝（safety.mode = deny 从不询问）。',
    unattended: '现在没有人可以批准（没有已连接的客户端，或者这是定时任务），已按拒绝处理。',
    timedOut: '在 safety.approval_timeout_s 内无人回答，已按拒绝处理。',
    aborted: '本轮已被取消。',
    byPerson: (by: string) => `用户拒绝了（${by}）。`,
  },
  en: {
    commandNotRun: (command) => `The command was not run: ${command}`,
    notDone: (what) => `Not done: ${what}`,
    text: (headline, reason, how) =>
      `${headline}\nWhy: ${reason}\n${how}\nDo not try the same thing again (a rewording is refused the same way); do it a way that does not need this step, or ask the user to do it.`,
    denied: 'The policy forbids this.',
    policy:
      'safety.mode is deny: everything that needs approval is refused (safety.mode = deny never asks a person).',
    unattended:
      'Nobody can approve right now (no connected client, or this is a scheduled task). Nobody can be asked, so it was refused.',
    timedOut: 'Nobody answered within safety.approval_timeout_s, so it was refused.',
    aborted: 'The turn was cancelled.',
    byPerson: (by) => `The user denied it (${by}).`,
  },
});
