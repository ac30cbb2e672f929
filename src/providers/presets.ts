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

/** A list price per million tokens (the shape of a `llm.prices` entry). */
export interface ListPrice {
  input: number;
  cached_input?: number;
  output: number;
  currency: string;
}

/**
 * Published list prices per million tokens, copied from each vendor's pricing page on the date
 * given (docs/usage-and-budgets.md lists them). They are defaults: prices change, tiers by
 * context length and off-peak discounts are not modelled, and `llm.prices` overrides any of them.
 */
const PRICES = {
  /** api-docs.deepseek.com/quick_start/pricing, 2025-09-29 (V3.2: one price for both models). */
  deepseek: {
    'deepseek-chat': { input: 2, cached_input: 0.2, output: 3, currency: 'CNY' },
    'deepseek-reasoner': { input: 2, cached_input: 0.2, output: 3, currency: 'CNY' },
  },
  /** volcengine.com/docs/82379/1544106, 2025-09 (input ≤ 32 k tokens tier). */
  ark: {
    'doubao-seed-1-6-250615': { input: 0.8, cached_input: 0.16, output: 8, currency: 'CNY' },
  },
  /** help.aliyun.com/zh/model-studio/models, 2025-09 (input ≤ 128 k tier, thinking off; thinking output is 8). */
  qwen: {
    'qwen-plus': { input: 0.8, output: 2, currency: 'CNY' },
  },
  /** platform.moonshot.cn/docs/pricing/chat, 2025-09. */
  moonshot: {
    'kimi-k2-0905-preview': { input: 4, cached_input: 1, output: 16, currency: 'CNY' },
  },
  /** bigmodel.cn/pricing, 2025-09 (GLM-4-Flash is free). */
  zhipu: {
    'glm-4-flash': { input: 0, output: 0, currency: 'CNY' },
  },
  /** openai.com/api/pricing, 2025-09. */
  openai: {
    'gpt-4o-mini': { input: 0.15, cached_input: 0.075, output: 0.6, currency: 'USD' },
    'gpt-4o': { input: 2.5, cached_input: 1.25, output: 10, currency: 'USD' },
    'gpt-4.1': { input: 2, cached_input: 0.5, output: 8, currency: 'USD' },
    'gpt-4.1-mini': { input: 0.4, cached_input: 0.1, output: 1.6, currency: 'USD' },
  },
} satisfies Partial<Record<ProviderId, Record<string, ListPrice>>>;

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
  /** List prices of the vendor's models (none: OpenRouter, local and custom servers). */
  prices?: Readonly<Record<string, ListPrice>>;
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
    prices: PRICES.deepseek,
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
    prices: PRICES.ark,
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
    prices: PRICES.qwen,
  },
  moonshot: {
    baseUrl: 'https://api.moonshot.cn/v1',
    model: 'kimi-k2-0905-preview',
    keyEnv: 'MOONSHOT_API_KEY',
    needsKey: true,
    echoReasoning: true,
    streamUsage: true,
    toolCallContent: null,
    prices: PRICES.moonshot,
  },
  zhipu: {
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    model: 'glm-4-flash',
    keyEnv: 'ZHIPUAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
    prices: PRICES.zhipu,
  },
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    keyEnv: 'OPENAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
    toolCallContent: null,
    prices: PRICES.openai,
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
