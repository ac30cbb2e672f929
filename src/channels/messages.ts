import { defineMessages } from '../i18n/lang.js';
import { inCheckout } from '../util/checkout-command.js';

/** What channels say in chat, in zh and en. */
export const channelMessages = defineMessages({
  zh: {
    refusal: (id: string) =>
      `抱歉，这个 Aibox 不接受你的消息（你的 id：${id}）。主人可以运行 \`aibox channels pair\`（在源码目录用 npm start 运行的为 \`${inCheckout('channels pair')}\`），或在网页的“聊天渠道”页，得到配对码，你把配对码发过来即可。`,
    paired: '配对成功，现在可以和 Aibox 对话了。',
    queued: (n: number) => `已排队，前面还有 ${n} 个回合。`,
    busy: (why: string) => `现在无法接收：${why}`,
    tooLong: (max: number) => `消息太长（上限 ${max} 字节），没有交给 Aibox`,
    failed: (why: string) => `⚠️ ${why}`,
    aborted: '（已停止）',
    filesSaved: (paths: string) => `[用户在聊天中发送了文件，已保存到工作区：${paths}]`,
    fileFailed: (name: string, why: string) => `⚠️ 文件 ${name} 未能保存：${why}`,
    fileTooBig: (max: number) => `文件超过 ${max} 字节的上限`,
    fileTooBigFor: (vendor: string, max: number) => `文件超过 ${vendor} 的 ${max} 字节上限`,
    fileTypeRefused: (vendor: string, types: string) => `${vendor} 的机器人只能发送这些类型的文件：${types}`,
    fileNotSent: (where: string, why: string) => `⚠️ 文件没有发到聊天里（${why}）。${where}`,
    noFileSending: '这个聊天渠道的机器人不能发送这种文件',
    welcome: 'Aibox 已连接。直接发消息即可；/help 查看命令。',
    approvalTitle: (tool: string) => `🔐 需要你的批准：${tool}`,
    approvalEnv: '模型为这条命令设置的环境变量：',
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
    approvalReplyWords: (code: string, always: boolean) =>
      `请求编号 ${code}。回复一个词作答：同意 / allow（允许一次）${always ? '、总是 / always（总是允许）' : ''}、拒绝 / deny；有不止一个请求在等待时，在词后加上编号，例如「同意 ${code}」。`,
    approvalCode: (code: string) => `请求 ${code}`,
    approvalWhich: (example: string, lines: string, named?: string) =>
      `${named ? `没有编号为 ${named} 的请求在等待。` : '有不止一个请求在等待，或在你输入时来了新的请求，'}请说明回答哪一个，例如「同意 ${example}」或「拒绝 ${example}」。正在等待：\n${lines}`,
    outboxDropped: (n: number) => `（渠道无法连接期间，有 ${n} 条较早的消息因超出保留上限或过期而被丢弃。）`,
    thinking: '…思考中',
    approvalAccepted: '已收到',
    approvalTooLate: '已经有人决定了',
    approvalUnknown: '这个请求已不存在',
    formTitle: (server: string) => `📝 MCP 服务器「${server}」请你填写：`,
    formReplyHow: (code: string, example: string) =>
      `表单编号 ${code}。回复时第一行写编号，下面每行一项「序号: 值」或「名称: 值」，例如：\n${code}\n${example}\n不写的项取默认值（或不填）。回复「拒绝 ${code}」拒绝填写，「取消 ${code}」放弃；「同意 ${code}」按默认值提交。`,
    formInvalid: (lines: string) => `表单没有提交，这些值不符合要求：\n${lines}\n请按上面的说明重新回复。`,
    formNeedsValues: '这个表单有必填项没有默认值：请按说明回复各项的值',
  },
  en: {
    refusal: (id: string) =>
      `Sorry, this Aibox does not take messages from you (your id: ${id}). Its owner can run \`aibox channels pair\` (\`${inCheckout('channels pair')}\` in a checkout run with npm start), or use the Channels tab of the page, for a pairing code; send that code here.`,
    paired: 'Paired: you can talk to Aibox now.',
    queued: (n: number) => `Queued behind ${n} turn(s).`,
    busy: (why: string) => `Cannot take this now: ${why}`,
    tooLong: (max: number) => `This message is too long (the limit is ${max} bytes); it was not passed on`,
    failed: (why: string) => `⚠️ ${why}`,
    aborted: '(stopped)',
    filesSaved: (paths: string) => `[The user sent files in chat; saved in the workspace as: ${paths}]`,
    fileFailed: (name: string, why: string) => `⚠️ File ${name} was not saved: ${why}`,
    fileTooBig: (max: number) => `the file is larger than the ${max}-byte limit`,
    fileTooBigFor: (vendor: string, max: number) => `the file is larger than ${vendor}'s ${max}-byte limit`,
    fileTypeRefused: (vendor: string, types: string) => `${vendor} bots send only these file types: ${types}`,
    fileNotSent: (where: string, why: string) => `⚠️ The file was not sent to the chat (${why}). ${where}`,
    noFileSending: 'a bot of this chat app cannot send this kind of file here',
    welcome: 'Aibox is connected. Just write; /help lists the commands.',
    approvalTitle: (tool: string) => `🔐 Your approval is needed: ${tool}`,
    approvalEnv: 'Environment variables the model set for this command:',
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
    approvalReplyWords: (code: string, always: boolean) =>
      `Request ${code}. Reply with one word: allow / 同意 (once)${always ? ', always / 总是' : ''}, deny / 拒绝; while more than one request waits, add its number: "allow ${code}".`,
    approvalCode: (code: string) => `Request ${code}`,
    approvalWhich: (example: string, lines: string, named?: string) =>
      `${named ? `No waiting request has the number ${named}.` : 'More than one request is waiting, or one came while you were typing.'} Say which one, e.g. "allow ${example}" or "deny ${example}". Waiting:\n${lines}`,
    outboxDropped: (n: number) =>
      `(While this channel could not be reached, ${n} older message(s) were dropped: over the outbox limits or too old.)`,
    thinking: '…thinking',
    approvalAccepted: 'Got it',
    approvalTooLate: 'Someone has already decided',
    approvalUnknown: 'This request no longer exists',
    formTitle: (server: string) => `📝 The MCP server "${server}" asks you to fill in:`,
    formReplyHow: (code: string, example: string) =>
      `Form ${code}. Reply with its number on the first line, then one line per field, "number: value" or "name: value", e.g.:\n${code}\n${example}\nA field left out takes its default (or stays empty). Reply "deny ${code}" to refuse, "cancel ${code}" to dismiss it; "allow ${code}" sends the defaults.`,
    formInvalid: (lines: string) =>
      `The form was not sent; these values do not fit:\n${lines}\nPlease reply again as described above.`,
    formNeedsValues: 'This form has required fields without a default: reply with their values as described',
  },
});
export type ChannelMessages = ReturnType<typeof channelMessages>;

/** What `aibox channels check` and `aibox channels pair` say, in zh and en. */
export const channelCheckMessages = defineMessages({
  zh: {
    helpChannels: '聊天渠道（Telegram、飞书/Lark、钉钉、QQ、企业微信）',
    helpCheck: '检查各渠道的凭据能否连接',
    helpPair: '生成一次性配对码',
    notConfigured: (name: string, env: string) =>
      `${name}：未配置（在 config.json 中设置，或设置环境变量 ${env}）`,
    tokenFromConfig: '  令牌来自 config.json',
    tokenFromEnv: (env: string) => `  令牌来自环境变量 ${env}`,
    configNotPrivate: (path: string) => `  ⚠️ ${path} 其他用户可读；请执行 chmod 600`,
    noAllowedIds: (aibox: string) =>
      `  还没有允许的用户：用 \`${aibox} channels pair\` 配对，或在 allowed_ids 中填写用户 id`,
    telegramOk: (user: string) => `Telegram：✅ 已连接机器人 @${user}`,
    tokenRejected: 'Telegram：❌ 令牌被拒绝（401）：请在 @BotFather 中核对令牌',
    unreachable: (root: string, why: string) => `Telegram：❌ 无法连接 ${root}：${why}`,
    dingtalkOk: (clientId: string) => `钉钉：✅ 应用 ${clientId} 的凭据有效`,
    dingtalkRejected: (code: string) =>
      `钉钉：❌ Client ID 或 Client Secret 被拒绝${code ? `（${code}）` : ''}：请在钉钉开发者后台核对`,
    dingtalkUnreachable: (root: string, why: string) => `钉钉：❌ 无法连接 ${root}：${why}`,
    dingtalkCardTemplate: (id: string) =>
      `  审批卡片模板：${id}（钉钉只在发送第一张卡片时检查它；发送失败时改为回复一个词来审批，日志会写明原因）`,
    dingtalkNoCardTemplate: '  未设置 card_template_id：审批请求以回复一个词（同意／总是／拒绝）来回答',
    qqOk: (appId: string) => `QQ：✅ 机器人 ${appId} 的凭据有效（已取得调用凭证）`,
    qqRejected: (why: string) =>
      `QQ：❌ AppID 或 AppSecret 被拒绝：${why}。请在 QQ 开放平台「开发管理」中核对`,
    qqUnreachable: (url: string, why: string) => `QQ：❌ 无法连接 ${url}：${why}`,
    qqOptions: (markdown: boolean, keyboard: boolean, webhook: string) =>
      `  接收：${webhook ? `Webhook，监听 ${webhook}（由 HTTPS 反向代理转发）` : 'WebSocket 网关'}；回答：${markdown ? 'Markdown' : '纯文本'}；审批：${keyboard ? '按钮（需要按钮权限）' : '回复一个词（同意／总是／拒绝）'}`,
    wecomOk: (botId: string) =>
      `企业微信：✅ 智能机器人 ${botId} 的长连接订阅成功（正在运行的 Aibox 会被这次连接短暂顶下线，稍后自动重连）`,
    wecomRejected: (why: string) =>
      `企业微信：❌ Bot ID 或 Secret 被拒绝（${why}）：请在管理后台该机器人的 API 配置中核对`,
    wecomUnreachable: (url: string, why: string) => `企业微信：❌ 无法连接 ${url}：${why}`,
    larkOk: (name: string, openId: string) => `飞书/Lark：✅ 已连接应用机器人「${name}」（${openId}）`,
    larkBadAppId: '飞书/Lark：❌ App ID 格式不对：应为 cli_ 加 16 位十六进制，见开发者后台「凭证与基础信息」',
    larkRejected: (why: string) => `飞书/Lark：❌ App ID 或 App Secret 被拒绝：${why}`,
    larkApiError: (why: string) => `飞书/Lark：❌ 开放平台返回错误：${why}`,
    larkUnreachable: (url: string, why: string) => `飞书/Lark：❌ 无法连接 ${url}：${why}`,
    pairCode: (code: string, minutes: number) =>
      `配对码：${code}\n在 ${minutes} 分钟内从聊天中把它发给机器人（只能用一次），该发送者即被允许。`,
  },
  en: {
    helpChannels: 'Chat channels (Telegram, Feishu/Lark, DingTalk, QQ, WeCom)',
    helpCheck: 'Check that each channel’s credentials work',
    helpPair: 'Make a single-use pairing code',
    notConfigured: (name: string, env: string) =>
      `${name}: not configured (set it in config.json or the ${env} environment variable)`,
    tokenFromConfig: '  token from config.json',
    tokenFromEnv: (env: string) => `  token from the ${env} environment variable`,
    configNotPrivate: (path: string) => `  ⚠️ ${path} is readable by other users; run chmod 600 on it`,
    noAllowedIds: (aibox: string) =>
      `  nobody is allowed yet: pair with \`${aibox} channels pair\`, or put user ids in allowed_ids`,
    telegramOk: (user: string) => `Telegram: ✅ connected as bot @${user}`,
    tokenRejected: 'Telegram: ❌ the token was rejected (401): check it with @BotFather',
    unreachable: (root: string, why: string) => `Telegram: ❌ cannot reach ${root}: ${why}`,
    dingtalkOk: (clientId: string) => `DingTalk: ✅ the credentials of app ${clientId} work`,
    dingtalkRejected: (code: string) =>
      `DingTalk: ❌ the client id or secret was rejected${code ? ` (${code})` : ''}: check them in the DingTalk developer console`,
    dingtalkUnreachable: (root: string, why: string) => `DingTalk: ❌ cannot reach ${root}: ${why}`,
    dingtalkCardTemplate: (id: string) =>
      `  approval card template: ${id} (DingTalk checks it only when the first card is sent; if that fails, approvals fall back to a one-word reply and the log says why)`,
    dingtalkNoCardTemplate:
      '  no card_template_id: approval requests are answered by a one-word reply (allow / always / deny)',
    qqOk: (appId: string) => `QQ: ✅ the credentials of bot ${appId} work (an access token was issued)`,
    qqRejected: (why: string) =>
      `QQ: ❌ the AppID or AppSecret was rejected: ${why}. Check them in the QQ open platform console (开发管理)`,
    qqUnreachable: (url: string, why: string) => `QQ: ❌ cannot reach ${url}: ${why}`,
    qqOptions: (markdown: boolean, keyboard: boolean, webhook: string) =>
      `  events: ${webhook ? `webhook, listening on ${webhook} (behind an HTTPS reverse proxy)` : 'the WebSocket gateway'}; answers: ${markdown ? 'Markdown' : 'plain text'}; approvals: ${keyboard ? 'buttons (needs keyboard rights)' : 'a one-word reply (allow / always / deny)'}`,
    wecomOk: (botId: string) =>
      `WeCom: ✅ the long connection of robot ${botId} subscribed (a running Aibox is taken offline by it for a moment and reconnects by itself)`,
    wecomRejected: (why: string) =>
      `WeCom: ❌ the Bot ID or Secret was rejected (${why}): check them in the robot's API settings in the admin console`,
    wecomUnreachable: (url: string, why: string) => `WeCom: ❌ cannot reach ${url}: ${why}`,
    larkOk: (name: string, openId: string) =>
      `Feishu/Lark: ✅ connected as the app bot "${name}" (${openId})`,
    larkBadAppId:
      'Feishu/Lark: ❌ the App ID looks wrong: it is cli_ and 16 hex digits, under "Credentials & Basic Info" in the developer console',
    larkRejected: (why: string) => `Feishu/Lark: ❌ the App ID or App Secret was rejected: ${why}`,
    larkApiError: (why: string) => `Feishu/Lark: ❌ the open platform answered with an error: ${why}`,
    larkUnreachable: (url: string, why: string) => `Feishu/Lark: ❌ cannot reach ${url}: ${why}`,
    pairCode: (code: string, minutes: number) =>
      `Pairing code: ${code}\nSend it to the bot from the chat within ${minutes} minutes (it works once); that sender is then allowed.`,
  },
});

/** What the channels say about a task's `notify` chat and the results posted there. */
export const notifyMessages = defineMessages({
  zh: {
    taskDone: (title: string, id: number) => `⏰ 任务 #${id}「${title}」完成：`,
    taskFailed: (title: string, id: number, why: string) => `⚠️ 任务 #${id}「${title}」失败：${why}`,
    noAnswer: '（没有回答）',
    denied: (steps: string) => `被拒绝的步骤：${steps}`,
    askedByTask: (title: string, id: number) => `任务 #${id}「${title}」正在运行，需要批准：`,
  },
  en: {
    taskDone: (title: string, id: number) => `⏰ Task #${id} "${title}" finished:`,
    taskFailed: (title: string, id: number, why: string) => `⚠️ Task #${id} "${title}" failed: ${why}`,
    noAnswer: '(no answer)',
    denied: (steps: string) => `Refused steps: ${steps}`,
    askedByTask: (title: string, id: number) => `Task #${id} "${title}" is running and asks:`,
  },
});
