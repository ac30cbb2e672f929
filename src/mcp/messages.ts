import { defineMessages } from '../i18n/lang.js';

/** Strings of the MCP client (tool results, status reasons, approval prompts). */
export const mcpMessages = defineMessages({
  zh: {
    schemaNotObject: 'inputSchema 不是对象',
    schemaType: (type: string) => `inputSchema.type 是 ${type}，应为 "object"`,
    schemaTooLarge: (max: number) => `inputSchema 超过 ${max} 个字符`,
    schemaTooDeep: (max: number) => `inputSchema 嵌套超过 ${max} 层`,
    schemaInvalid: (detail: string) => `inputSchema 无法校验：${detail}`,
    badToolName: (name: string) =>
      `工具名「${name}」含有不允许的字符或过长（只能用字母、数字、_、-，加上服务器名不超过 64 个字符）`,
    duplicateTool: (name: string) => `工具名「${name}」重复`,
    needsTasks: '这个工具只能以任务方式执行（execution.taskSupport 为 required），Aibox 还不支持',
    tooManyTools: (max: number) => `服务器提供的工具超过 ${max} 个，多出的不使用`,
    notConnected: (server: string) => `MCP 服务器「${server}」未连接`,
    needsLogin: (server: string) => `服务器「${server}」需要 OAuth 登录：运行 aibox mcp login ${server}`,
    needsScope: (server: string, scope: string) =>
      `服务器「${server}」要求更多权限（scope：${scope}）：运行 aibox mcp login ${server}，登录时会请求这些权限`,
    scopeRefused: (server: string, scope: string) =>
      `服务器「${server}」在登录已给予它要求的权限（${scope}）后仍然拒绝：再次登录无济于事，请检查该账号在授权服务器上的权限`,
    connectionClosed: '连接已关闭',
    stderrTail: (text: string) => `（stderr：${text}）`,
    approvalReason: (server: string) => `调用 MCP 服务器「${server}」的工具（需要确认）`,
    toolChanged: (name: string, what: string) =>
      `MCP 工具「${name}」在获准后发生了变化（${what}），需要重新确认`,
    ruleOutgrown: (name: string) =>
      `“始终允许”${name} 的规则是针对它此前的描述和输入 schema 给出的，现在已不同，需要重新确认`,
    descriptionNow: (text: string) => `描述现在是：「${text}」`,
    argumentsAdded: (names: string) => `新增参数：${names}`,
    argumentsRemoved: (names: string) => `删除参数：${names}`,
    argumentsRedefined: (names: string) => `参数定义改变：${names}`,
    requiredNow: (names: string) => `必填参数现在是：${names}`,
    none: '无',
    schemaChangedOtherwise: '输入 schema 有其他改变',
    changeNotRecorded: '描述或输入 schema 不同；之前获准的内容没有保存',
    changeNotShown: '描述或输入 schema 在显示范围之外有改变',
    listSeparator: '；',
    deniedByRule: (name: string) => `安全规则禁止调用 ${name}`,
    deniedByMode: (name: string) => `safety.mode 为 deny：调用 ${name} 需要确认，已拒绝`,
    nobodyToAsk: (name: string) => `调用 ${name} 需要有人确认，但没有人可以询问，已拒绝`,
    samplingTooMany: (max: number) => `采样请求的消息超过 ${max} 条，已拒绝`,
    samplingTooLarge: (max: number) => `采样请求的文字超过 ${max} 个字符，已拒绝`,
    samplingOnlyText: (type: string) => `采样请求只接受文字，收到 ${type}，已拒绝`,
    samplingLastNotUser: '采样请求的最后一条消息应来自 user，已拒绝',
    samplingNoTools: '采样请求不能带工具，已拒绝',
    samplingDenied: (server: string) => `mcp.servers.${server}.sampling 为 deny：不让服务器使用模型`,
    samplingNobody: (server: string) =>
      `服务器「${server}」请求使用模型，需要有人确认，但没有人可以询问，已拒绝`,
    samplingRefused: (server: string) => `没有同意服务器「${server}」使用模型`,
    elicitationReason: (server: string) =>
      `MCP 服务器「${server}」请你填写表单；同意即把以上默认值发给它，拒绝则不发送`,
    extraResources:
      '这个 MCP 服务器的资源：action=list 列出资源和 URI 模板（cursor 翻页），action=read 按 uri 读取一个资源',
    extraPrompts:
      '这个 MCP 服务器的提示模板：action=list 列出（cursor 翻页），action=get 按 name 取得一个，arguments 为其参数',
    extraNeeds: (key: string) => `缺少参数 ${key}`,
    extraNone: '（没有）',
    extraCut: (n: number) => `……另有 ${n} 项未列出`,
    extraNext: (cursor: string) => `下一页：cursor=${cursor}`,
    extraTemplate: '（URI 模板）',
    samplingBusy: (server: string) => `服务器「${server}」已有一个采样请求在进行，已拒绝`,
    samplingTooOften: (server: string, max: number) =>
      `服务器「${server}」在一次工具调用中请求采样超过 ${max} 次，已拒绝`,
    samplingReason: (server: string, maxTokens: number) =>
      `MCP 服务器「${server}」请求用你的模型回答这段话（最多 ${maxTokens} 个 token，计入预算，模型不能调用工具）`,
    progress: (done: number, total: string, message: string) => `进度 ${done}${total}${message}\n`,
    imageNote: (mime: string, bytes: number) => `[图片：${mime}，约 ${bytes} 字节，未显示]`,
    imageGiven: (mime: string, bytes: number) => `[图片：${mime}，约 ${bytes} 字节，附在这一轮工具结果之后]`,
    audioNote: (mime: string, bytes: number) => `[音频：${mime}，约 ${bytes} 字节，未显示]`,
    blobNote: (uri: string, mime: string, bytes: number) =>
      `[资源 ${uri}：${mime}，约 ${bytes} 字节二进制，未显示]`,
    linkNote: (uri: string, name: string) => `[资源链接：${name} ${uri}]`,
    emptyResult: '（工具没有返回内容）',
    callFailed: (detail: string) => `MCP 调用失败：${detail}`,
    callTimedOut: (seconds: number) => `MCP 调用超过 ${seconds} 秒，已取消`,
  },
  en: {
    schemaNotObject: 'inputSchema is not an object',
    schemaType: (type: string) => `inputSchema.type is ${type}, not "object"`,
    schemaTooLarge: (max: number) => `inputSchema is larger than ${max} characters`,
    schemaTooDeep: (max: number) => `inputSchema is nested deeper than ${max} levels`,
    schemaInvalid: (detail: string) => `inputSchema cannot be checked: ${detail}`,
    badToolName: (name: string) =>
      `tool name "${name}" has characters that are not allowed or is too long (letters, digits, _ and -; at most 64 with the server name)`,
    duplicateTool: (name: string) => `tool name "${name}" appears twice`,
    needsTasks:
      'this tool runs only as a task (execution.taskSupport is required), which Aibox does not support yet',
    tooManyTools: (max: number) => `the server offers more than ${max} tools; the rest are not used`,
    notConnected: (server: string) => `MCP server "${server}" is not connected`,
    needsLogin: (server: string) =>
      `the server "${server}" needs an OAuth login: run aibox mcp login ${server}`,
    needsScope: (server: string, scope: string) =>
      `the server "${server}" asks for more scope (${scope}): run aibox mcp login ${server}, which asks for it`,
    scopeRefused: (server: string, scope: string) =>
      `the server "${server}" still refuses after a login that gave it the scope it asked for (${scope}): another login will not help; check the account's rights at the authorization server`,
    connectionClosed: 'connection closed',
    stderrTail: (text: string) => ` (stderr: ${text})`,
    approvalReason: (server: string) => `calls a tool of the MCP server "${server}" (needs a yes)`,
    toolChanged: (name: string, what: string) =>
      `MCP tool "${name}" changed after it was allowed (${what}); asking again`,
    ruleOutgrown: (name: string) =>
      `the "Always" rule for ${name} was given for an earlier description and input schema; asking again`,
    descriptionNow: (text: string) => `description now: "${text}"`,
    argumentsAdded: (names: string) => `arguments added: ${names}`,
    argumentsRemoved: (names: string) => `arguments removed: ${names}`,
    argumentsRedefined: (names: string) => `arguments redefined: ${names}`,
    requiredNow: (names: string) => `required arguments now: ${names}`,
    none: 'none',
    schemaChangedOtherwise: 'input schema changed otherwise',
    changeNotRecorded: 'description or input schema differs; what was allowed before was not kept',
    changeNotShown: 'description or input schema changed beyond what is shown',
    listSeparator: '; ',
    deniedByRule: (name: string) => `a safety rule forbids calling ${name}`,
    deniedByMode: (name: string) => `safety.mode is deny: calling ${name} needs a yes, so it was refused`,
    nobodyToAsk: (name: string) => `calling ${name} needs a person's yes, but nobody can be asked; refused`,
    samplingTooMany: (max: number) => `the sampling request has more than ${max} messages; refused`,
    samplingTooLarge: (max: number) =>
      `the sampling request has more than ${max} characters of text; refused`,
    samplingOnlyText: (type: string) => `sampling takes text only, this request has ${type}; refused`,
    samplingLastNotUser: "the last message of a sampling request must be the user's; refused",
    samplingNoTools: 'a sampling request cannot bring tools; refused',
    samplingDenied: (server: string) =>
      `mcp.servers.${server}.sampling is deny: the server may not use the model`,
    samplingNobody: (server: string) =>
      `the server "${server}" asks to use the model, which needs a person's yes, but nobody can be asked; refused`,
    samplingRefused: (server: string) => `the server "${server}" was not allowed to use the model`,
    elicitationReason: (server: string) =>
      `The MCP server "${server}" asks you to fill in a form; yes sends it the values above (its defaults), no sends nothing`,
    extraResources:
      "This MCP server's resources: action=list lists them and their URI templates (cursor for the next page), action=read reads one by uri",
    extraPrompts:
      "This MCP server's prompts: action=list lists them (cursor for the next page), action=get gets one by name, with its arguments",
    extraNeeds: (key: string) => `${key} is missing`,
    extraNone: '(none)',
    extraCut: (n: number) => `… ${n} more not listed`,
    extraNext: (cursor: string) => `next page: cursor=${cursor}`,
    extraTemplate: '(URI template)',
    samplingBusy: (server: string) =>
      `the server "${server}" already has a sampling request running; refused`,
    samplingTooOften: (server: string, max: number) =>
      `the server "${server}" asked for sampling more than ${max} times during one tool call; refused`,
    samplingReason: (server: string, maxTokens: number) =>
      `The MCP server "${server}" asks your model to answer this (at most ${maxTokens} tokens, counted against the budget; the model cannot use tools)`,
    progress: (done: number, total: string, message: string) => `progress ${done}${total}${message}\n`,
    imageNote: (mime: string, bytes: number) => `[image: ${mime}, about ${bytes} bytes, not shown]`,
    imageGiven: (mime: string, bytes: number) =>
      `[image: ${mime}, about ${bytes} bytes, given after this round's tool results]`,
    audioNote: (mime: string, bytes: number) => `[audio: ${mime}, about ${bytes} bytes, not shown]`,
    blobNote: (uri: string, mime: string, bytes: number) =>
      `[resource ${uri}: ${mime}, about ${bytes} bytes of binary, not shown]`,
    linkNote: (uri: string, name: string) => `[resource link: ${name} ${uri}]`,
    emptyResult: '(the tool returned no content)',
    callFailed: (detail: string) => `MCP call failed: ${detail}`,
    callTimedOut: (seconds: number) => `the MCP call took longer than ${seconds} s and was cancelled`,
  },
});

export type McpMessages = ReturnType<typeof mcpMessages>;
