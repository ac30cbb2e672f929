import { defineMessages } from '../../i18n/lang.js';

/** What the QQ channel itself says in a chat, in zh and en. */
export const qqMessages = defineMessages({
  zh: {
    held: '（以下消息当时无法发出：QQ 只允许机器人在时限内回复，且每条消息最多回复 5 次，现作为对你新消息的回复补发。）',
  },
  en: {
    held: '(Held until now: QQ lets a bot answer only within a time limit and at most 5 times per message, so this comes as a reply to your new message.)',
  },
});
