/**
 * Vendor presets: where each OpenAI-compatible service lives, its default model,
 * the environment variable its key is read from, and its quirks.
 */
import type { ProviderId } from '../config/schema.js';

export type ThinkingMode = 'auto' | 'on' | 'off';

/** The vendor's request fields for `llm.thinking` / `llm.thinking_budget`; `stream` is false for non-streamed requests. */
type ThinkingFields = (mode: ThinkingMode, budget: number, stream: boolean) => Record<string, unknown>;

/**
 * DashScope: `enable_thinking` switches hybrid models, `thinking_budget` caps the thinking tokens
 * (help.aliyun.com/en/model-studio/deep-thinking). A non-streamed call with thinking on is
 * refused ("parameter.enable_thinking must be set to false for non-streaming calls").
 */
const qwenThinking: ThinkingFields = (mode, budget, stream) => {
  if (!stream || mode === 'off') return { enable_thinking: false };
  const fields: Record<string, unknown> = mode === 'on' ? { enable_thinking: true } : {};
  if (budget > 0) fields.thinking_budget = budget;
  return fields;
};

/** Ark: `thinking.type` enabled or disabled; Aibox asks for thinking unless told not to. */
const arkThinking: ThinkingFields = (mode) => ({
  thinking: { type: mode === 'off' ? 'disabled' : 'enabled' },
});

export interface ProviderPreset {
  /** Empty for `custom`: the config must give `llm.base_url`. */
  baseUrl: string;
  /** Empty for `custom`: the config must give `llm.model`. */
  model: string;
  /** Environment variable holding the key; empty when the service needs none. */
  keyEnv: string;
  /** Whether a key is required (local servers need none). */
  needsKey: boolean;
  /**
   * Send `reasoning_content` of earlier assistant messages back even when the stream did not say
   * so. DeepSeek and Moonshot thinking models require it on tool-call turns (400 otherwise). Any
   * other preset sends it back when the model sent its reasoning as `reasoning_content`.
   */
  echoReasoning: boolean;
  /** Vendor-only request fields for `llm.thinking`; none when the preset knows no switch. */
  thinking?: ThinkingFields;
  /**
   * `content` of an assistant message that has tool calls and no text. OpenAI's spec says null;
   * Ollama refuses null ("invalid message content type: <nil>") and needs "".
   */
  toolCallContent: null | '';
  /** Ask for usage in the last stream chunk (`stream_options.include_usage`). */
  streamUsage: boolean;
}

export const PRESETS: Record<ProviderId, ProviderPreset> = {
  deepseek: {
    baseUrl: 'https://api.deepseek.com',
    model: 'deepseek-chat',
    keyEnv: 'DEEPSEEK_API_KEY',
    needsKey: true,
    echoReasoning: true,
    streamUsage: true,
    toolCallContent: null,
  },
  ark: {
    baseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    model: 'doubao-seed-1-6-250615',
    keyEnv: 'ARK_API_KEY',
    needsKey: true,
    echoReasoning: false,
    thinking: arkThinking,
    streamUsage: true,
    toolCallContent: null,
  },
  qwen: {
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    keyEnv: 'DASHSCOPE_API_KEY',
    needsKey: true,
    echoReasoning: false,
    thinking: qwenThinking,
    streamUsage: true,
    toolCallContent: null,
  },
  moonshot: {
    baseUrl: 'https://api.moonshot.cn/v1',
    model: 'kimi-k2-0905-preview',
    keyEnv: 'MOONSHOT_API_KEY',
    needsKey: true,
    echoReasoning: true,
    streamUsage: true,
    toolCallContent: null,
  },
  zhipu: {
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    model: 'glm-4-flash',
    keyEnv: 'ZHIPUAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
  },
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    keyEnv: 'OPENAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
  },
  openrouter: {
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'deepseek/deepseek-chat',
    keyEnv: 'OPENROUTER_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
  },
  ollama: {
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'qwen2.5:7b',
    keyEnv: '',
    needsKey: false,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: '',
  },
  custom: {
    baseUrl: '',
    model: '',
    keyEnv: '',
    needsKey: false,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
  },
};
