import { defineMessages } from '../i18n/lang.js';

/** Every string the server sends or logs for people, in zh and en. */
export const serverMessages = defineMessages({
  zh: {
    connected: '✅ 已连接到AI服务器',
    dataDir: (p: string) => `📁 数据存储目录: ${p}`,
    skillsDir: (p: string) => `📁 技能目录: ${p}`,
    promptsDir: (p: string) => `📁 提示词目录: ${p}`,
    notJson: '无效的JSON格式：帧必须是一个 JSON 对象',
    notObject: (what: string) => `帧必须是一个 JSON 对象，收到的是 ${what}`,
    binary: '不接受二进制帧：请发送 UTF-8 文本的 JSON',
    wsPath: 'WebSocket 的地址是 / 或 /ws',
    missingType: '帧缺少字符串字段 "type"',
    unknownType: (t: string) =>
      `未知的帧类型 "${t}"（可用：message、command、task、abort、approval、ping、auth）`,
    badField: (field: string, problem: string) => `字段 "${field}"：${problem}`,
    emptyMessage: '字段 "content"：消息内容不能为空',
    commandSlash: '字段 "command"：命令必须以 / 开头',
    alreadyAuthed: '已经认证过了',
    authFailed: '认证失败',
    signInRefused: '这个登录链接已用过或已过期：在运行 Aibox 的机器上执行 aibox open 获取新链接',
    signInNotNeeded: '没有设置 server.token：网页不需要登录链接，直接打开即可',
    tooManyConnections: '连接太多（server.max_connections / server.max_connections_per_peer），请稍后再试',
    approvalNeedsCredential:
      '这个连接不能回答批准请求：只有本服务的网页、aibox chat 和已配对的聊天可以（它们持有客户端密钥或 server.token）',
    apiNeedsCredential:
      '这个请求需要客户端密钥（本服务网页的 cookie，或 aibox chat）或 server.token：安装技能、配对聊天等会改变状态的操作只接受这些客户端',
    authTimeout: '认证超时：连接后 5 秒内没有收到 auth 帧',
    tokenInUrl: '不接受 URL 中的令牌；请使用 Authorization 头、子协议或 auth 帧',
    slowClient: '客户端接收太慢，已断开；重新连接后可从 history 读取对话',
    shuttingDown: '服务器正在关闭',
    nothingToAbort: (s: string) => `会话 ${s} 没有正在运行的回合`,
    abortRequested: (s: string) => `已请求中止会话 ${s} 的当前回合`,
    noApproval: (id: string) => `没有编号为 ${id} 的待批准请求`,
    approvalDecided: (id: string, how: string, by: string) =>
      `请求 ${id} 已经有了结果（${how}，${by}），这次回答未被采用`,
    noForm: (id: string) => `没有编号为 ${id} 的待填写表单`,
    formDecided: (id: string) => `表单 ${id} 已经有了结果（已回答、超时或已取消），这次回答未被采用`,
    formInvalid: '表单的值不符合要求，未提交：',
    dialogueEnded: '🔚 对话已结束，请开始新对话',
    dialogueReset: '✅ 对话状态已完全重置，系统提示词已重新加载',
    toolCall: (name: string) => `🔧 调用工具: ${name}\n`,
    runCommand: (cmd: string) => `🔧 执行命令: ${cmd}\n`,
    toolDone: (name: string, ms: number) => `✅ ${name} 完成 (${ms} ms)\n`,
    toolFailed: (name: string, ms: number) => `❌ ${name} 失败 (${ms} ms)\n`,
    internal: (msg: string) => `服务器内部错误: ${msg}`,
    insecureHost: (host: string) =>
      `拒绝在非回环地址 ${host} 上无令牌启动：任何能访问该端口的人都能执行命令。` +
      `请在 config.json 中设置 "server": {"token": "一个长随机字符串"}（例如 openssl rand -hex 32 生成），或使用 --host 127.0.0.1。`,
    webNotBuilt: '网页尚未构建。请在项目目录运行 npm run build，然后刷新本页。WebSocket 接口已可用。',
    forbiddenOrigin: (o: string) =>
      o === 'null'
        ? '拒绝来源 null（从本地文件打开的页面，如原版 frontend.html）：可直接打开本服务端口上的网页；' +
          '或在 config.json 中设置 "server": {"allowed_origins": ["null"]}——这会允许任何本地文件或沙箱页面连接。'
        : `拒绝来源 ${o}：请把它加入 server.allowed_origins`,
    forbiddenHost: (h: string) =>
      `拒绝 Host "${h}"：未设置令牌时只接受本机地址（localhost、127.0.0.1、[::1]，且端口一致）。` +
      `如需用其他名称访问，请把它加入 server.allowed_hosts，或设置 server.token`,
    migrating: (done: number, total: number) =>
      `Aibox 正在迁移数据库（${done} / ${total}），暂时只回答 /healthz；请稍后再试`,
    bodyTooLarge: (max: number) =>
      `请求体过大（上限 ${Math.round(max / 1024)} KiB，见 server.max_body_bytes）`,
  },
  en: {
    connected: '✅ Connected to AI server',
    dataDir: (p: string) => `📁 Data directory: ${p}`,
    skillsDir: (p: string) => `📁 Skills directory: ${p}`,
    promptsDir: (p: string) => `📁 Prompts directory: ${p}`,
    notJson: 'Invalid JSON: a frame must be one JSON object',
    notObject: (what: string) => `A frame must be a JSON object, got ${what}`,
    binary: 'Binary frames are not accepted: send JSON as UTF-8 text',
    wsPath: 'The WebSocket endpoint is / or /ws',
    missingType: 'The frame has no string field "type"',
    unknownType: (t: string) =>
      `Unknown frame type "${t}" (known: message, command, task, abort, approval, ping, auth)`,
    badField: (field: string, problem: string) => `field "${field}": ${problem}`,
    emptyMessage: 'field "content": the message is empty',
    commandSlash: 'field "command": a command starts with /',
    alreadyAuthed: 'Already authenticated',
    authFailed: 'Authentication failed',
    signInRefused:
      'This sign-in link was used or has expired: run aibox open on the machine that runs Aibox for a new one',
    signInNotNeeded: 'server.token is not set: the page needs no sign-in link, just open it',
    tooManyConnections:
      'Too many connections (server.max_connections / server.max_connections_per_peer); try again later',
    approvalNeedsCredential:
      "This connection cannot answer approvals: only this server's page, aibox chat and paired chats can (they hold the client key or server.token)",
    apiNeedsCredential:
      "This request needs the client key (the cookie of this server's page, or aibox chat) or server.token: installing skills, pairing chats and other changes are accepted only from those clients",
    authTimeout: 'Authentication timed out: no auth frame within 5 s of connecting',
    tokenInUrl:
      'Tokens in the URL are not accepted; use the Authorization header, the subprotocol or an auth frame',
    slowClient: 'The client reads too slowly and was disconnected; reconnect and read the history',
    shuttingDown: 'The server is shutting down',
    nothingToAbort: (s: string) => `Session ${s} has no running turn`,
    abortRequested: (s: string) => `Abort requested for the running turn of session ${s}`,
    noApproval: (id: string) => `No pending approval request ${id}`,
    approvalDecided: (id: string, how: string, by: string) =>
      `Request ${id} was already decided (${how}, ${by}); this answer was not used`,
    noForm: (id: string) => `No form ${id} waits for an answer`,
    formDecided: (id: string) =>
      `Form ${id} has already ended (answered, timed out or cancelled); this answer was not used`,
    formInvalid: 'The values do not fit the form; nothing was sent:',
    dialogueEnded: '🔚 The conversation has ended; start a new one',
    dialogueReset: '✅ Conversation reset; system prompts reloaded',
    toolCall: (name: string) => `🔧 Calling tool: ${name}\n`,
    runCommand: (cmd: string) => `🔧 Running command: ${cmd}\n`,
    toolDone: (name: string, ms: number) => `✅ ${name} done (${ms} ms)\n`,
    toolFailed: (name: string, ms: number) => `❌ ${name} failed (${ms} ms)\n`,
    internal: (msg: string) => `Internal server error: ${msg}`,
    insecureHost: (host: string) =>
      `Refusing to listen on the non-loopback address ${host} without a token: anyone who can reach the port could run commands. ` +
      `Set "server": {"token": "a long random string"} in config.json (e.g. from openssl rand -hex 32), or use --host 127.0.0.1.`,
    webNotBuilt:
      'The web page is not built yet. Run npm run build in the project directory, then reload. The WebSocket API works already.',
    forbiddenOrigin: (o: string) =>
      o === 'null'
        ? 'Origin null refused (a page opened from a file, such as the original frontend.html): open the page this server serves on its own port, ' +
          'or set "server": {"allowed_origins": ["null"]} in config.json, which lets any local file or sandboxed page connect.'
        : `Origin ${o} refused: add it to server.allowed_origins`,
    forbiddenHost: (h: string) =>
      `Host "${h}" refused: without a token only loopback names (localhost, 127.0.0.1, [::1], with this port) are served. ` +
      `To use another name, add it to server.allowed_hosts, or set server.token`,
    migrating: (done: number, total: number) =>
      `Aibox is migrating its database (${done} of ${total}); only /healthz answers for now, try again shortly`,
    bodyTooLarge: (max: number) =>
      `The request body is too large (limit ${Math.round(max / 1024)} KiB, see server.max_body_bytes)`,
  },
});

export type ServerMessages = ReturnType<typeof serverMessages>;

/** The text of the scheduler's broadcasts: `task_status` messages and `task_process` lines (scheduler-frames.ts). */
export const taskBroadcastMessages = defineMessages({
  zh: {
    added: (title: string, schedule: string) => `新任务: ${title}（${schedule}）`,
    updated: (title: string) => `任务已修改: ${title}`,
    advanced: (title: string, next: string) => `任务已完成本次: ${title}，下次 ${next}`,
    completed: (title: string) => `任务已完成: ${title}`,
    deleted: (title: string) => `任务已删除: ${title}`,
    executing: (title: string, id: number) => `⚙️ 正在执行任务: ${title} (ID: ${id})`,
    executingLate: (title: string, id: number, at: string) =>
      `⚙️ 正在执行错过的任务: ${title} (ID: ${id}，原定 ${at})`,
    noAnswer: 'AI无响应',
    failed: (why: string) => `任务执行失败: ${why}`,
    interrupted: (title: string) => `任务在服务重启时被中断，未重新执行: ${title}`,
    skipped: (title: string, exit: string, line: string) =>
      `任务本次跳过（预检${exit}，未调用模型）: ${title}${line ? ` — ${line}` : ''}`,
    preCheckExit: (code: number | null, outcome: string) => (code === null ? `：${outcome}` : `返回 ${code}`),
    toolLine: (name: string) => `🔧 调用工具: ${name}`,
    toolDone: (name: string, ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${name}: ${text}`,
    ended: '🔚 对话已结束',
  },
  en: {
    added: (title: string, schedule: string) => `New task: ${title} (${schedule})`,
    updated: (title: string) => `Task changed: ${title}`,
    advanced: (title: string, next: string) => `Task done for now: ${title}; next at ${next}`,
    completed: (title: string) => `Task completed: ${title}`,
    deleted: (title: string) => `Task deleted: ${title}`,
    executing: (title: string, id: number) => `⚙️ Running task: ${title} (ID: ${id})`,
    executingLate: (title: string, id: number, at: string) =>
      `⚙️ Running missed task: ${title} (ID: ${id}, due ${at})`,
    noAnswer: 'No answer from the AI',
    failed: (why: string) => `Task failed: ${why}`,
    interrupted: (title: string) => `Task was interrupted by a restart and is not run again: ${title}`,
    skipped: (title: string, exit: string, line: string) =>
      `Task skipped this time (pre-check ${exit}, no model call): ${title}${line ? ` — ${line}` : ''}`,
    preCheckExit: (code: number | null, outcome: string) => (code === null ? outcome : `exited ${code}`),
    toolLine: (name: string) => `🔧 Calling tool: ${name}`,
    toolDone: (name: string, ok: boolean, text: string) => `${ok ? '✅' : '❌'} ${name}: ${text}`,
    ended: '🔚 The conversation has ended',
  },
});
