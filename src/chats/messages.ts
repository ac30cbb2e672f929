import { defineMessages } from '../i18n/lang.js';

/** Why a task may not post to a chat (notify-targets.ts). */
export const notifyTargetMessages = defineMessages({
  zh: {
    badTarget: (text: string, names: string) =>
      `无效的通知目标「${text}」：应为「渠道:聊天 id」，渠道可为 ${names}，例如 telegram:123456`,
    notAllowed: (target: string) =>
      `不能把结果发到 ${target}：这不是一个已允许的聊天（需要允许的用户本人，或允许的用户在其中和 Aibox 说过话的群）`,
  },
  en: {
    badTarget: (text: string, names: string) =>
      `Invalid notify target "${text}": expected "<channel>:<chat id>" with a channel among ${names}, e.g. telegram:123456`,
    notAllowed: (target: string) =>
      `Cannot post results to ${target}: it is not an allowed chat (an allowed sender's own chat, or a group where an allowed sender has talked to Aibox)`,
  },
});
