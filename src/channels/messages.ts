/** What channels say in chat, in zh and en. */
import { defineMessages } from '../i18n/lang.js';

export const channelMessages = defineMessages({
  zh: {
    refusal: (id: string) =>
      `抱歉，这个 Aibox 不接受你的消息（你的 id：${id}）。主人可以运行 \`aibox channels pair\` 得到配对码，你把配对码发过来即可。`,
    paired: '配对成功，现在可以和 Aibox 对话了。',
    queued: (n: number) => `已排队，前面还有 ${n} 个回合。`,
    busy: (why: string) => `现在无法接收：${why}`,
    failed: (why: string) => `⚠️ ${why}`,
    aborted: '（已停止）',
    filesSaved: (paths: string) => `[用户在聊天中发送了文件，已保存到工作区：${paths}]`,
    fileFailed: (name: string, why: string) => `⚠️ 文件 ${name} 未能保存：${why}`,
    fileTooBig: (max: number) => `文件超过 ${max} 字节的上限`,
    welcome: 'Aibox 已连接。直接发消息即可；/help 查看命令。',
    approvalTitle: (tool: string) => `🔐 需要你的批准：${tool}`,
    approvalAllow: '允许一次',
    approvalAlways: '总是允许',
    approvalDeny: '拒绝',
    approvalOutcome: (how: string, by?: string) => {
      const who = by ? `（${by}）` : '';
      const what: Record<string, string> = {
        allow: '✅ 已允许一次',
        always: '✅ 已总是允许',
        deny: '⛔ 已拒绝',
        timeout: '⌛ 超时未答，已拒绝',
        aborted: '⏹ 回合已停止',
        unattended: '⛔ 无人可问，已拒绝',
        policy: '⛔ 按策略拒绝',
      };
      return `${what[how] ?? how}${who}`;
    },
    approvalAccepted: '已收到',
    approvalTooLate: '已经有人决定了',
    approvalUnknown: '这个请求已不存在',
  },
  en: {
    refusal: (id: string) =>
      `Sorry, this Aibox does not take messages from you (your id: ${id}). Its owner can run \`aibox channels pair\` for a pairing code; send that code here.`,
    paired: 'Paired: you can talk to Aibox now.',
    queued: (n: number) => `Queued behind ${n} turn(s).`,
    busy: (why: string) => `Cannot take this now: ${why}`,
    failed: (why: string) => `⚠️ ${why}`,
    aborted: '(stopped)',
    filesSaved: (paths: string) => `[The user sent files in chat; saved in the workspace as: ${paths}]`,
    fileFailed: (name: string, why: string) => `⚠️ File ${name} was not saved: ${why}`,
    fileTooBig: (max: number) => `the file is larger than the ${max}-byte limit`,
    welcome: 'Aibox is connected. Just write; /help lists the commands.',
    approvalTitle: (tool: string) => `🔐 Your approval is needed: ${tool}`,
    approvalAllow: 'Allow once',
    approvalAlways: 'Always',
    approvalDeny: 'Deny',
    approvalOutcome: (how: string, by?: string) => {
      const who = by ? ` by ${by}` : '';
      const what: Record<string, string> = {
        allow: '✅ Allowed once',
        always: '✅ Always allowed',
        deny: '⛔ Denied',
        timeout: '⌛ Nobody answered in time: denied',
        aborted: '⏹ The turn was stopped',
        unattended: '⛔ Nobody could be asked: denied',
        policy: '⛔ Denied by policy',
      };
      return `${what[how] ?? how}${who}`;
    },
    approvalAccepted: 'Got it',
    approvalTooLate: 'Someone has already decided',
    approvalUnknown: 'This request no longer exists',
  },
});
export type ChannelMessages = ReturnType<typeof channelMessages>;
