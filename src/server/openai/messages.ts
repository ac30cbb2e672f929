import { defineMessages } from '../../i18n/lang.js';

/** Error texts of the OpenAI-compatible endpoint (sent in OpenAI's error shape). */
export const openAiMessages = defineMessages({
  zh: {
    noToken: '未设置 server.token：OpenAI 兼容接口总是需要令牌（Authorization: Bearer）',
    badToken: '缺少或错误的令牌（Authorization: Bearer）',
    badJson: '请求体不是合法的 JSON',
    badRequest: (detail: string) => `请求无效：${detail}`,
    unknownModel: (model: string) => `没有模型「${model}」：用 aibox（会话 main）或 aibox:会话名`,
    noUserMessage: 'messages 中没有带文本的 user 消息',
    queueFull: (session: string, max: number) =>
      `会话 ${session} 已有 ${max} 个轮次在排队（server.max_queued_turns）`,
    notFound: (path: string) => `没有 ${path}`,
    internal: '服务器内部错误（已记入日志）',
  },
  en: {
    noToken:
      'server.token is not set: the OpenAI-compatible API always needs a token (Authorization: Bearer)',
    badToken: 'Missing or wrong token (Authorization: Bearer)',
    badJson: 'The request body is not valid JSON',
    badRequest: (detail: string) => `Invalid request: ${detail}`,
    unknownModel: (model: string) => `No model "${model}": use aibox (session main) or aibox:SESSION`,
    noUserMessage: 'messages has no user message with text',
    queueFull: (session: string, max: number) =>
      `Session ${session} already has ${max} turns waiting (server.max_queued_turns)`,
    notFound: (path: string) => `No ${path}`,
    internal: 'Internal server error (logged)',
  },
});
