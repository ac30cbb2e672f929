/** What `aibox channels check` and `aibox channels pair` say, in zh and en. */
import { defineMessages } from '../i18n/lang.js';

export const checkMessages = defineMessages({
  zh: {
    helpChannels: '聊天渠道（Telegram）',
    helpCheck: '检查各渠道的凭据能否连接',
    helpPair: '生成一次性配对码',
    notConfigured: (name: string, env: string) =>
      `${name}：未配置（在 config.json 中设置，或设置环境变量 ${env}）`,
    tokenFromConfig: '  令牌来自 config.json',
    tokenFromEnv: (env: string) => `  令牌来自环境变量 ${env}`,
    configNotPrivate: (path: string) => `  ⚠️ ${path} 其他用户可读；请执行 chmod 600`,
    noAllowedIds: '  还没有允许的用户：用 `aibox channels pair` 配对，或在 allowed_ids 中填写用户 id',
    telegramOk: (user: string) => `Telegram：✅ 已连接机器人 @${user}`,
    tokenRejected: 'Telegram：❌ 令牌被拒绝（401）：请在 @BotFather 中核对令牌',
    unreachable: (root: string, why: string) => `Telegram：❌ 无法连接 ${root}：${why}`,
    pairCode: (code: string, minutes: number) =>
      `配对码：${code}\n在 ${minutes} 分钟内从聊天中把它发给机器人（只能用一次），该发送者即被允许。`,
  },
  en: {
    helpChannels: 'Chat channels (Telegram)',
    helpCheck: 'Check that each channel’s credentials work',
    helpPair: 'Make a single-use pairing code',
    notConfigured: (name: string, env: string) =>
      `${name}: not configured (set it in config.json or the ${env} environment variable)`,
    tokenFromConfig: '  token from config.json',
    tokenFromEnv: (env: string) => `  token from the ${env} environment variable`,
    configNotPrivate: (path: string) => `  ⚠️ ${path} is readable by other users; run chmod 600 on it`,
    noAllowedIds: '  nobody is allowed yet: pair with `aibox channels pair`, or put user ids in allowed_ids',
    telegramOk: (user: string) => `Telegram: ✅ connected as bot @${user}`,
    tokenRejected: 'Telegram: ❌ the token was rejected (401): check it with @BotFather',
    unreachable: (root: string, why: string) => `Telegram: ❌ cannot reach ${root}: ${why}`,
    pairCode: (code: string, minutes: number) =>
      `Pairing code: ${code}\nSend it to the bot from the chat within ${minutes} minutes (it works once); that sender is then allowed.`,
  },
});
