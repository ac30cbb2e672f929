import { defineMessages } from '../../i18n/lang.js';

/** Strings of the checks of `aibox doctor` (the sandbox lines are `doctorMessages` in ../commands). */
export const doctorCheckMessages = defineMessages({
  zh: {
    memoryKeywordOnly: '记忆检索：只用关键词',
    memoryHybrid: (provider: string, model: string) => `记忆检索：关键词 + 语义（${provider} ${model}）`,
    memoryBacklog: (n: number) => `还有 ${n} 条记忆等待生成向量（服务运行时在后台完成）`,
    conversationBacklog: (n: number) => `还有 ${n} 条对话消息等待生成向量（服务运行时在后台完成）`,
    memoryEmbeddingsFix:
      '设置 memory.embeddings（provider、model、api_key_env），或设为 "off" 只用关键词（docs/memory-and-tasks.md）',
    offline: '不联网检查：不请求模型和聊天平台',
    modelOk: (model: string, url: string, ms: number) => `模型：${model}（${url}）已回答，用时 ${ms} ms`,
    modelOffline: (model: string, keyless: boolean) =>
      `模型：${model}，${keyless ? '无需密钥' : '密钥已设置'}；未发请求（--offline）`,
    modelNoKey: (env: string) => `模型：没有密钥（环境变量 ${env} 未设置）`,
    modelNoKeyFix: (env: string) =>
      `在网页的“设置”中填入密钥（立即生效），或运行 aibox config set llm.api_key 你的密钥，或设置环境变量 export ${env}=你的密钥 后重启 Aibox`,
    modelProblem: (message: string) => `模型：无法使用（${message}）`,
    modelProblemFix:
      '在网页的“设置”（或 config.json）中检查 llm.provider、llm.base_url 和 llm.model（见 docs/providers.md）',
    modelFailed: (code: string, message: string) => `模型：请求失败（${code}）：${message}`,
    modelFix: (code: string, env: string, url: string): string =>
      code === 'llm_auth'
        ? `密钥被拒绝：检查 ${env} 是否正确、是否过期`
        : code === 'llm_rate_limit'
          ? '服务限流或额度用完：稍后再试，或检查账户额度'
          : code === 'llm_timeout' || code === 'llm_network'
            ? `连不上 ${url}：检查网络和 llm.base_url；本地模型要先启动它`
            : `检查 llm.base_url（${url}）和 llm.model；详情见 ai.log`,
    dataDirOk: (home: string) => `数据目录：${home}（0700，属于当前用户）`,
    dataDirOwner: (home: string, path: string) => `数据目录：${path} 不属于当前用户（${home}）`,
    dataDirOwnerFix: (home: string) => `改回所有者：sudo chown -R "$(id -un)" ${home}`,
    dataDirNotWritable: (home: string) => `数据目录：${home} 不可写`,
    dataDirNotWritableFix: (home: string) =>
      `让当前用户可写：chmod u+rwx ${home}，或用 AIBOX_HOME 指向可写的目录`,
    dataDirTightened: (home: string) => `数据目录：${home} 原来其他用户可读，刚已改为 0700`,
    dataDirTightenedFix: '查一下是谁改的权限；数据目录里有对话、记忆和密钥',
    dataDirOpen: (paths: string) => `数据目录：其他用户可读：${paths}`,
    dataDirOpenFix: (paths: string) => `收紧权限：chmod 600 ${paths}`,
    databaseMissing: (path: string) => `数据库：${path} 尚未创建（首次启动时创建）`,
    databaseOk: (path: string, bytes: string) => `数据库：${path} 完好（quick_check 通过，${bytes}）`,
    databaseDamaged: (path: string) => `数据库：${path} 已损坏`,
    databaseUnreadable: (path: string, message: string) => `数据库：无法打开 ${path}：${message}`,
    databaseUnreadableFix: '检查文件权限和所有者；服务在运行时也能检查（只读打开）',
    sandboxOffFix:
      '命令不在沙箱中运行：安装 bubblewrap（apt-get install bubblewrap），并设置 safety.sandbox = auto',
    sandboxUnavailableFix: (required: boolean): string =>
      required
        ? '安装 bubblewrap（apt-get install bubblewrap slirp4netns），或把 safety.sandbox 改为 auto'
        : '命令将不在沙箱中运行：安装 bubblewrap（apt-get install bubblewrap slirp4netns）',
    sandboxNetworkFix: '安装 slirp4netns（apt-get install slirp4netns），让沙箱里的命令能联网',
    mcpNone: 'MCP 服务器：未配置',
    mcpOk: (name: string, tools: number) => `MCP 服务器 ${name}：已连接，${tools} 个工具`,
    mcpDisabled: (name: string) => `MCP 服务器 ${name}：已停用（enabled = false）`,
    mcpFailed: (name: string, state: string, error: string) => `MCP 服务器 ${name}：${state}：${error}`,
    mcpFix: (aibox: string) =>
      `运行 ${aibox} mcp check 查看详情；检查 mcp.servers 中的命令或地址（见 docs/mcp.md）`,
    mcpChanged: (name: string, tools: string) => `MCP 服务器 ${name}：工具描述已变化：${tools}`,
    mcpChangedFix: '下次调用时会重新请你确认；确认前先看看变化是否可信',
    mcpBroken: (message: string) => `MCP 服务器：无法启动：${message}`,
    channelOff: (label: string) => `${label}：未配置`,
    channelOffline: (label: string) => `${label}：已配置；未检查凭据（--offline）`,
    channelOk: (label: string) => `${label}：凭据有效`,
    channelFailed: (label: string) => `${label}：凭据检查失败`,
    channelFix: (aibox: string) =>
      `按上面的提示修改，然后运行 ${aibox} channels check（见 docs/channels.md）`,
    voiceOff: '语音消息：不转文字（未设置 media.transcription）',
    voiceOn: (model: string, host: string) => `语音消息：由 ${host} 的 ${model} 转文字，ffmpeg 已安装`,
    voiceNoFfmpeg: (tools: string) => `语音消息：已设置转文字，但缺少 ${tools}`,
    voiceFfmpegFix: '安装 Debian 的 ffmpeg：sudo apt-get install ffmpeg',
    voiceNoKey: (env: string) => `语音消息：转文字的密钥变量 ${env} 没有设置`,
    voiceKeyFix: (env: string) => `设置环境变量 ${env}（服务运行时在 ~/.aibox/service.env 里）`,
    voiceSpeech: (model: string) => `语音回答：开（${model}）`,
    diskOk: (free: string) => `磁盘：数据目录所在磁盘剩余 ${free}`,
    diskLow: (free: string) => `磁盘：数据目录所在磁盘只剩 ${free}`,
    diskFix: '清理空间（旧的 tool_results、archive、ai.log.*），或把 AIBOX_HOME 移到更大的磁盘',
    diskUnknown: (message: string) => `磁盘：无法读取剩余空间：${message}`,
    portZero: '端口：server.port = 0（每次启动随机选择）',
    portThisBox: (where: string, pid: number, configured: string) =>
      `端口：本数据目录的 Aibox 正在 ${where} 运行（pid ${pid}；配置的是 ${configured}）`,
    portFree: (where: string) => `端口：${where} 空闲`,
    portAibox: (where: string, version: string) => `端口：${where} 上正在运行 Aibox ${version}`,
    portTaken: (where: string) => `端口：${where} 被另一个程序占用`,
    portTakenFix: (aibox: string) =>
      `停止那个程序，或换一个端口：在 config.json 中设置 server.port，或 ${aibox} serve --port 8766（npm 启动：npm start -- --port 8766）`,
    portDenied: (where: string) => `端口：${where} 无权监听（1024 以下的端口需要 root）`,
    portDeniedFix: '在 config.json 中把 server.port 设为 1024 以上',
    portBadHost: (where: string, message: string) => `端口：无法在 ${where} 监听：${message}`,
    portBadHostFix: '在 config.json 中检查 server.host：应是本机的地址（通常是 127.0.0.1）',
    fixPrefix: '修复：',
    total: (ok: number, warn: number, fail: number, skip: number) =>
      `共 ${ok} 项正常，${warn} 项警告，${fail} 项故障，${skip} 项跳过`,
  },
  en: {
    memoryKeywordOnly: 'memory search: keyword only',
    memoryHybrid: (provider: string, model: string) =>
      `memory search: keyword + meaning (${provider} ${model})`,
    memoryBacklog: (n: number) =>
      `${n} memories wait for a vector (the running box makes them in the background)`,
    conversationBacklog: (n: number) =>
      `${n} messages of past conversations wait for a vector (made in the background too)`,
    memoryEmbeddingsFix:
      'Set memory.embeddings (provider, model, api_key_env), or "off" for keyword only (docs/memory-and-tasks.md)',
    offline: 'offline: no request to the model or the chat platforms',
    modelOk: (model: string, url: string, ms: number) => `model: ${model} (${url}) answered in ${ms} ms`,
    modelOffline: (model: string, keyless: boolean) =>
      `model: ${model}, ${keyless ? 'no key needed' : 'key set'}; not asked (--offline)`,
    modelNoKey: (env: string) => `model: no key (the environment variable ${env} is not set)`,
    modelNoKeyFix: (env: string) =>
      `enter the key in the page's Settings (applied at once), or run aibox config set llm.api_key YOUR-KEY, or export ${env}=your-key and restart Aibox`,
    modelProblem: (message: string) => `model: cannot be used (${message})`,
    modelProblemFix:
      'check llm.provider, llm.base_url and llm.model in the page’s Settings (or config.json; docs/providers.md)',
    modelFailed: (code: string, message: string) => `model: the request failed (${code}): ${message}`,
    modelFix: (code: string, env: string, url: string): string =>
      code === 'llm_auth'
        ? `the key was refused: check that ${env} is right and not expired`
        : code === 'llm_rate_limit'
          ? 'rate limited or out of quota: try later, or check the account'
          : code === 'llm_timeout' || code === 'llm_network'
            ? `cannot reach ${url}: check the network and llm.base_url; start a local model server first`
            : `check llm.base_url (${url}) and llm.model; ai.log has the details`,
    dataDirOk: (home: string) => `data dir: ${home} (0700, owned by you)`,
    dataDirOwner: (home: string, path: string) => `data dir: ${path} is not owned by you (${home})`,
    dataDirOwnerFix: (home: string) => `take it back: sudo chown -R "$(id -un)" ${home}`,
    dataDirNotWritable: (home: string) => `data dir: ${home} is not writable`,
    dataDirNotWritableFix: (home: string) =>
      `make it writable: chmod u+rwx ${home}, or point AIBOX_HOME at a writable directory`,
    dataDirTightened: (home: string) => `data dir: ${home} was readable by others; made 0700 just now`,
    dataDirTightenedFix: 'find out what changed it: the data dir holds chats, memories and keys',
    dataDirOpen: (paths: string) => `data dir: readable by others: ${paths}`,
    dataDirOpenFix: (paths: string) => `tighten them: chmod 600 ${paths}`,
    databaseMissing: (path: string) => `database: ${path} not created yet (the first start creates it)`,
    databaseOk: (path: string, bytes: string) => `database: ${path} intact (quick_check ok, ${bytes})`,
    databaseDamaged: (path: string) => `database: ${path} is damaged`,
    databaseUnreadable: (path: string, message: string) => `database: cannot open ${path}: ${message}`,
    databaseUnreadableFix:
      'check the file mode and owner; the check also works while the server runs (read-only)',
    sandboxOffFix:
      'commands run without a sandbox: install bubblewrap (apt-get install bubblewrap) and set safety.sandbox = auto',
    sandboxUnavailableFix: (required: boolean): string =>
      required
        ? 'install bubblewrap (apt-get install bubblewrap slirp4netns), or set safety.sandbox = auto'
        : 'commands will run without a sandbox: install bubblewrap (apt-get install bubblewrap slirp4netns)',
    sandboxNetworkFix: 'install slirp4netns (apt-get install slirp4netns) for network inside the sandbox',
    mcpNone: 'MCP servers: none configured',
    mcpOk: (name: string, tools: number) => `MCP server ${name}: connected, ${tools} tools`,
    mcpDisabled: (name: string) => `MCP server ${name}: disabled (enabled = false)`,
    mcpFailed: (name: string, state: string, error: string) => `MCP server ${name}: ${state}: ${error}`,
    mcpFix: (aibox: string) =>
      `run ${aibox} mcp check for the details; check the server's command or URL in mcp.servers (docs/mcp.md)`,
    mcpChanged: (name: string, tools: string) => `MCP server ${name}: tool descriptions changed: ${tools}`,
    mcpChangedFix: 'you are asked again at the next call; look at what changed before you allow it',
    mcpBroken: (message: string) => `MCP servers: cannot start: ${message}`,
    channelOff: (label: string) => `${label}: not configured`,
    channelOffline: (label: string) => `${label}: configured; credentials not checked (--offline)`,
    channelOk: (label: string) => `${label}: credentials accepted`,
    channelFailed: (label: string) => `${label}: the credential check failed`,
    channelFix: (aibox: string) =>
      `fix what the lines above say, then run ${aibox} channels check (docs/channels.md)`,
    voiceOff: 'voice notes: not transcribed (media.transcription is not set)',
    voiceOn: (model: string, host: string) =>
      `voice notes: transcribed by ${model} at ${host}, ffmpeg installed`,
    voiceNoFfmpeg: (tools: string) => `voice notes: transcription is set but ${tools} is missing`,
    voiceFfmpegFix: "install Debian's ffmpeg: sudo apt-get install ffmpeg",
    voiceNoKey: (env: string) => `voice notes: the transcription key variable ${env} is not set`,
    voiceKeyFix: (env: string) =>
      `set the environment variable ${env} (for the service: in ~/.aibox/service.env)`,
    voiceSpeech: (model: string) => `spoken replies: on (${model})`,
    diskOk: (free: string) => `disk: ${free} free where the data dir is`,
    diskLow: (free: string) => `disk: only ${free} free where the data dir is`,
    diskFix: 'free some space (old tool_results, archive, ai.log.*), or move AIBOX_HOME to a larger disk',
    diskUnknown: (message: string) => `disk: cannot read the free space: ${message}`,
    portZero: 'port: server.port = 0 (a free one is chosen at each start)',
    portThisBox: (where: string, pid: number, configured: string) =>
      `port: the Aibox of this data dir is running on ${where} (pid ${pid}; ${configured} is configured)`,
    portFree: (where: string) => `port: ${where} is free`,
    portAibox: (where: string, version: string) => `port: Aibox ${version} is running on ${where}`,
    portTaken: (where: string) => `port: ${where} is taken by another program`,
    portTakenFix: (aibox: string) =>
      `stop that program, or pick another port: server.port in config.json, or ${aibox} serve --port 8766 (with npm: npm start -- --port 8766)`,
    portDenied: (where: string) => `port: not allowed to listen on ${where} (ports below 1024 need root)`,
    portDeniedFix: 'set server.port in config.json to 1024 or above',
    portBadHost: (where: string, message: string) => `port: cannot listen on ${where}: ${message}`,
    portBadHostFix: 'check server.host in config.json: an address of this machine (usually 127.0.0.1)',
    fixPrefix: 'fix: ',
    total: (ok: number, warn: number, fail: number, skip: number) =>
      `${ok} ok, ${warn} warnings, ${fail} broken, ${skip} skipped`,
  },
});

export type DoctorCheckMessages = ReturnType<typeof doctorCheckMessages>;
