import { defineMessages } from '../i18n/lang.js';

/** Provider texts: errors people read (never containing the key) and settings notices. */
export const providerMessages = defineMessages({
  zh: {
    noKey: (env: string, provider: string) =>
      `没有 API Key：请设置环境变量 ${env}（模型服务 ${provider}），或设置 AIBOX_LLM_API_KEY`,
    noBaseUrl: () => '模型服务 custom 需要 llm.base_url（或环境变量 AIBOX_LLM_BASE_URL）',
    noModel: () => '模型服务 custom 需要 llm.model（或环境变量 AIBOX_LLM_MODEL）',
    auth: (status: number, env: string, detail: string) =>
      `模型服务拒绝了 API Key（HTTP ${status}）${env ? `，请检查 ${env}` : ''}：${detail}`,
    rateLimit: (detail: string) => `模型服务限流（HTTP 429），重试后仍失败：${detail}`,
    timeout: (seconds: number) => `模型在 ${seconds} 秒内没有完成回答（超时）`,
    network: (url: string, detail: string) => `无法连接模型服务 ${url}：${detail}`,
    serverError: (status: number, detail: string) =>
      `模型服务出错（HTTP ${status}），重试后仍失败：${detail}`,
    badRequest: (status: number, detail: string) => `模型服务拒绝了请求（HTTP ${status}）：${detail}`,
    badResponse: (detail: string) => `模型服务的回答无法解析：${detail}`,
    streamCut: () => '模型服务的回答中途断开',
    streamError: (detail: string) => `模型服务在回答中报错：${detail}`,
    streamUnterminated: () =>
      '模型服务的回答没有正常结束（缺少 finish_reason），可能被中途截断；其中的工具调用未执行',
    replyTooLong: (max: number) =>
      `模型的回答超过 ${max} 个字符，已在此截断并停止（agent.max_reply_chars）；其中的工具调用未执行`,
    aborted: () => '请求已取消',
    keyFileNotice: (path: string) => `从 ${path} 读取了 API Key（旧版 Aibox 的做法；建议改用环境变量）`,
    envOverride: (name: string, key: string) => `环境变量 ${name} 覆盖了配置 ${key}`,
  },
  en: {
    noKey: (env, provider) =>
      `no API key: set the environment variable ${env} (model service ${provider}), or set AIBOX_LLM_API_KEY`,
    noBaseUrl: () =>
      'the custom model service needs llm.base_url (or the environment variable AIBOX_LLM_BASE_URL)',
    noModel: () => 'the custom model service needs llm.model (or the environment variable AIBOX_LLM_MODEL)',
    auth: (status, env, detail) =>
      `the model service rejected the API key (HTTP ${status})${env ? `; check ${env}` : ''}: ${detail}`,
    rateLimit: (detail) =>
      `the model service is rate limiting (HTTP 429), still failing after retries: ${detail}`,
    timeout: (seconds) => `the model did not finish its answer within ${seconds} s (timeout)`,
    network: (url, detail) => `cannot reach the model service ${url}: ${detail}`,
    serverError: (status, detail) =>
      `the model service failed (HTTP ${status}), still failing after retries: ${detail}`,
    badRequest: (status, detail) => `the model service rejected the request (HTTP ${status}): ${detail}`,
    badResponse: (detail) => `the model service's answer could not be read: ${detail}`,
    streamCut: () => 'the model service cut its answer off mid-way',
    streamError: (detail) => `the model service reported an error in its answer: ${detail}`,
    streamUnterminated: () =>
      'the model service ended its answer without finishing it (no finish_reason); it may be cut off, and no tool call from it was run',
    replyTooLong: (max: number) =>
      `the model's answer passed ${max} characters, so it was cut there and stopped (agent.max_reply_chars); no tool call from it was run`,
    aborted: () => 'request cancelled',
    keyFileNotice: (path) =>
      `read the API key from ${path} (the original Aibox's way; an environment variable is better)`,
    envOverride: (name, key) => `the environment variable ${name} overrides the config key ${key}`,
  },
});
