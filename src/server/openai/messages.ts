import { defineMessages } from '../../i18n/lang.js';

/** Error texts of the OpenAI-compatible endpoint (sent in OpenAI's error shape). */
export const openAiMessages = defineMessages({
  zh: {
    noToken: '未设置 server.token：OpenAI 兼容接口总是需要令牌（Authorization: Bearer）',
    badToken: '缺少或错误的令牌（Authorization: Bearer）',
    badJson: '请求体不是合法的 JSON',
    badRequest: (detail: string) => `请求无效：${detail}`,
    unknownModel: (model: string) => `没有模型「${model}」：用 aibox 或 aibox:会话名`,
    noUserMessage: 'messages 中没有带文本或图片的 user 消息',
    lastNotUser: (role: string) =>
      `messages 的最后一条是 ${role.slice(0, 40)} 消息：Aibox 只回答最后一条 user 消息（不支持续写）`,
    endsWithToolResult:
      'messages 以工具结果（tool 消息）结尾，但 Aibox 没有给出要回答的 tool_calls：它用自己的工具，调用方的工具结果无处可用。请以 user 消息结尾',
    onlyOneChoice: (n: number) => `n=${n}：Aibox 每个请求只给一个回答（n 只能是 1）`,
    tooManyPictures: (max: number) => `最后一条用户消息最多带 ${max} 张图片`,
    pictureNotDataUrl: (n: number) =>
      `第 ${n} 张图片不是 data: URL（data:image/...;base64,...）：本服务不会去取图片地址`,
    notAPicture: (n: number) => `第 ${n} 张图片的内容不是支持的图片格式（JPEG、PNG、GIF、WebP、AVIF、TIFF）`,
    badPicture: (n: number, why: string) =>
      `第 ${n} 张图片无法读取（损坏、不完整或超过 5000 万像素）：${why}`,
    noCallerTools:
      'Aibox 用自己的工具（命令、文件、网页、技能、MCP），不执行调用方提供的 tools/functions：请去掉 tools，或设 tool_choice 为 "none"',
    noToolChoice: 'tool_choice 只能是 "auto" 或 "none"：Aibox 不执行调用方提供的工具',
    badSessionHeader: 'X-Aibox-Session 须为 1–64 个字母、数字或 _ . : -',
    queueFull: (session: string, max: number) =>
      `会话 ${session} 已有 ${max} 个轮次在排队（server.max_queued_turns）`,
    notFound: (path: string) =>
      `没有 ${path.slice(0, 200)}：Aibox 只提供 POST /v1/chat/completions、GET /v1/models 和 GET /v1/models/{id}`,
    methodNotAllowed: (method: string, path: string, allow: string) =>
      `${path.slice(0, 200)} 不接受 ${method.slice(0, 20)} 请求：请用 ${allow}`,
    internal: '服务器内部错误（已记入日志）',
  },
  en: {
    noToken:
      'server.token is not set: the OpenAI-compatible API always needs a token (Authorization: Bearer)',
    badToken: 'Missing or wrong token (Authorization: Bearer)',
    badJson: 'The request body is not valid JSON',
    badRequest: (detail: string) => `Invalid request: ${detail}`,
    unknownModel: (model: string) => `No model "${model}": use aibox or aibox:SESSION`,
    noUserMessage: 'messages has no user message with text or pictures',
    lastNotUser: (role: string) =>
      `The last message is a ${role.slice(0, 40)} message: Aibox answers the last user message (no continuation)`,
    endsWithToolResult:
      'messages ends with a tool result, but Aibox gave no tool_calls to answer: it runs its own tools, so a caller’s tool results have nowhere to go. End the messages with a user message',
    onlyOneChoice: (n: number) => `n=${n}: Aibox gives one answer per request (n must be 1)`,
    tooManyPictures: (max: number) => `The last user message may carry at most ${max} pictures`,
    pictureNotDataUrl: (n: number) =>
      `Picture ${n} is not a data: URL (data:image/...;base64,...): this server never fetches picture addresses`,
    notAPicture: (n: number) =>
      `Picture ${n} is not in a supported format (JPEG, PNG, GIF, WebP, AVIF, TIFF)`,
    badPicture: (n: number, why: string) =>
      `Picture ${n} cannot be read (damaged, incomplete or over 50 megapixels): ${why}`,
    noCallerTools:
      'Aibox runs its own tools (commands, files, web, skills, MCP) and does not call tools/functions a caller supplies: leave out tools, or set tool_choice to "none"',
    noToolChoice: 'tool_choice can only be "auto" or "none": Aibox does not call caller-supplied tools',
    badSessionHeader: 'X-Aibox-Session must be 1–64 letters, digits or _ . : -',
    queueFull: (session: string, max: number) =>
      `Session ${session} already has ${max} turns waiting (server.max_queued_turns)`,
    notFound: (path: string) =>
      `No ${path.slice(0, 200)}: Aibox serves POST /v1/chat/completions, GET /v1/models and GET /v1/models/{id}`,
    methodNotAllowed: (method: string, path: string, allow: string) =>
      `${path.slice(0, 200)} does not take ${method.slice(0, 20)}: use ${allow}`,
    internal: 'Internal server error (logged)',
  },
});
export type OpenAiMessages = ReturnType<typeof openAiMessages>;
