import { defineMessages } from '../i18n/lang.js';

export const chatMessages = defineMessages({
  zh: {
    description: '终端聊天客户端（也可连接原版 Python Aibox 服务器）',
    urlArg:
      'WebSocket 地址；不写时连接本数据目录正在运行的 Aibox（否则用 server.port，默认 ws://127.0.0.1:8765）',
    tokenOption: '服务器令牌（也可用环境变量 AIBOX_TOKEN）',
    sessionOption: '会话名（默认 main）',
    badUrl: (u: string) => `无效的地址 "${u}"：应为 ws://主机:端口 或 wss://…`,
    badSession: (s: string) => `无效的会话名 "${s}"：只能包含字母、数字和 _ . : -（最多 64 个）`,
    connecting: (u: string) => `连接 ${u} …`,
    reconnecting: (s: number) => `连接断开，${s} 秒后重连…`,
    authFailed: '认证失败：请用 --token 或 AIBOX_TOKEN 提供正确的令牌。',
    history: (n: number) => `── 会话历史（最近 ${n} 条）──`,
    historyEnd: '──────────',
    you: '你',
    ai: 'AI',
    aborting: '⏹️ 正在中止…（再按一次 Ctrl-C 退出）',
    pressAgain: '再按一次 Ctrl-C 退出（或输入 /exit）',
    exitCode: (code: string, ms: number) => `↳ ${code} · ${ms} ms`,
    queued: (n: number) => `（已排队，前面还有 ${n} 个）`,
    prompt: '> ',
    bye: '再见！',
    folded: (n: number) => `… 省略 ${n} 行`,
    recalled: (list: string) => `🧠 想起了：${list}`,
    imageUsage: '用法：/image 图片文件 [要说的话]',
    imageFailed: (why: string) => `图片未发送：${why}`,
  },
  en: {
    description: 'Terminal chat client (also works with the original Python Aibox server)',
    urlArg:
      'WebSocket address; without it, the running Aibox of this data dir (else server.port; default ws://127.0.0.1:8765)',
    tokenOption: 'server token (or the AIBOX_TOKEN environment variable)',
    sessionOption: 'session name (default main)',
    badUrl: (u: string) => `Invalid address "${u}": expected ws://host:port or wss://…`,
    badSession: (s: string) => `Invalid session name "${s}": letters, digits and _ . : - only (up to 64)`,
    connecting: (u: string) => `Connecting to ${u} …`,
    reconnecting: (s: number) => `Disconnected; reconnecting in ${s} s…`,
    authFailed: 'Authentication failed: pass the right token with --token or AIBOX_TOKEN.',
    history: (n: number) => `── Session history (last ${n}) ──`,
    historyEnd: '──────────',
    you: 'you',
    ai: 'AI',
    aborting: '⏹️ Aborting… (Ctrl-C again to exit)',
    pressAgain: 'Press Ctrl-C again to exit (or type /exit)',
    exitCode: (code: string, ms: number) => `↳ ${code} · ${ms} ms`,
    queued: (n: number) => `(queued behind ${n})`,
    prompt: '> ',
    bye: 'Bye!',
    folded: (n: number) => `… ${n} more lines`,
    recalled: (list: string) => `🧠 Recalled: ${list}`,
    imageUsage: 'Usage: /image PICTURE_FILE [what to say]',
    imageFailed: (why: string) => `The picture was not sent: ${why}`,
  },
});

export type ChatMessages = ReturnType<typeof chatMessages>;

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
    env: '   模型设置的环境变量：',
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
    env: '   environment set by the model:',
    reason: (reason) => `   why: ${reason}`,
    expires: (seconds) => `   denied if not answered within ${seconds} s`,
    choices: (canAlways) => (canAlways ? '   [y]es once / [a]lways / [n]o › ' : '   [y]es once / [n]o › '),
    badAnswer: (canAlways) => (canAlways ? 'Please answer y, a or n' : 'Please answer y or n'),
    decided: (how, by) => `   → ${HOW_EN[how] ?? how}${by ? ` (${by})` : ''}`,
    nonInteractive: '   (not a terminal, nobody to ask: denied; --yes allows)',
  },
});

export type TerminalApprovalMessages = ReturnType<typeof terminalApprovalMessages>;

/** `aibox chat` filling in a form an MCP server asks for (client/form-filler.ts). */
export const terminalFormMessages = defineMessages({
  zh: {
    title: (server: string) => `📝 MCP 服务器「${server}」请你填写：`,
    how: (seconds: number) =>
      `   逐项输入；空行保留默认值（或不填）；输入 !decline 拒绝，!cancel 取消。${seconds} 秒内不答完就按拒绝处理`,
    again: (problem: string) => `   ✗ ${problem}，请重新输入`,
    ended: (how: string) => `   → 表单：${how}`,
    invalid: (text: string) => `   ✗ 服务器没有接受这些值：\n${text}`,
  },
  en: {
    title: (server) => `📝 The MCP server "${server}" asks you to fill in:`,
    how: (seconds) =>
      `   Answer field by field; an empty line keeps the default (or leaves it out); !decline declines, !cancel cancels. Declined if not done within ${seconds} s`,
    again: (problem) => `   ✗ ${problem}; please try again`,
    ended: (how) => `   → form: ${how}`,
    invalid: (text) => `   ✗ the server did not take these values:\n${text}`,
  },
});

export type TerminalFormMessages = ReturnType<typeof terminalFormMessages>;
