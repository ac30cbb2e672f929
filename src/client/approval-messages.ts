import { defineMessages } from '../i18n/lang.js';

const HOW_ZH: Record<string, string> = {
  allow: '✅ 已允许一次',
  always: '✅ 已总是允许（规则已保存）',
  deny: '❌ 已拒绝',
  timeout: '⌛ 超时，已拒绝',
  unattended: '❌ 无人可批准，已拒绝',
  aborted: '⏹️ 回合已取消',
  policy: 'safety.mode 已决定',
};
const HOW_EN: Record<string, string> = {
  allow: '✅ allowed once',
  always: '✅ always allowed (rule saved)',
  deny: '❌ denied',
  timeout: '⌛ timed out, denied',
  unattended: '❌ nobody could approve, denied',
  aborted: '⏹️ turn cancelled',
  policy: 'decided by safety.mode',
};

/** How the terminal clients (`aibox chat`, `aibox ask`) show and answer approval requests. */
export const terminalApprovalMessages = defineMessages({
  zh: {
    title: (tool: string) => `⚠️ 需要你的批准（${tool}）：`,
    reason: (reason: string) => `   原因：${reason}`,
    expires: (seconds: number) => `   ${seconds} 秒内不回答就按拒绝处理`,
    choices: (canAlways: boolean): string =>
      canAlways ? '   [y] 允许一次 / [a] 总是允许 / [n] 拒绝 › ' : '   [y] 允许一次 / [n] 拒绝 › ',
    badAnswer: (canAlways: boolean): string => (canAlways ? '请输入 y、a 或 n' : '请输入 y 或 n'),
    decided: (how: string, by: string) => `   → ${HOW_ZH[how] ?? how}${by ? `（${by}）` : ''}`,
    nonInteractive: '   （不是终端，无法询问：已拒绝；用 --yes 允许）',
  },
  en: {
    title: (tool) => `⚠️ Your approval is needed (${tool}):`,
    reason: (reason) => `   why: ${reason}`,
    expires: (seconds) => `   denied if not answered within ${seconds} s`,
    choices: (canAlways) => (canAlways ? '   [y]es once / [a]lways / [n]o › ' : '   [y]es once / [n]o › '),
    badAnswer: (canAlways) => (canAlways ? 'Please answer y, a or n' : 'Please answer y or n'),
    decided: (how, by) => `   → ${HOW_EN[how] ?? how}${by ? ` (${by})` : ''}`,
    nonInteractive: '   (not a terminal, nobody to ask: denied; --yes allows)',
  },
});

export type TerminalApprovalMessages = ReturnType<typeof terminalApprovalMessages>;
