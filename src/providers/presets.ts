/**
 * Vendor presets: where each OpenAI-compatible service lives, its default model,
 * the environment variable its key is read from, and its quirks.
 */
import type { ProviderId } from '../config/schema.js';

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
   * Send `reasoning_content` of earlier assistant messages back. DeepSeek and Moonshot thinking
   * models require it on tool-call turns (400 otherwise); others may reject unknown fields.
   */
  echoReasoning: boolean;
  /** Vendor-only request fields. Ark's `thinking` is sent to Ark only (original §7.20). */
  extraBody?: Record<string, unknown>;
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
  },
  ark: {
    baseUrl: 'https://ark.cn-beijing.volces.com/api/v3',
    model: 'doubao-seed-1-6-250615',
    keyEnv: 'ARK_API_KEY',
    needsKey: true,
    echoReasoning: false,
    extraBody: { thinking: { type: 'enabled' } },
    streamUsage: true,
  },
  qwen: {
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    keyEnv: 'DASHSCOPE_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
  },
  moonshot: {
    baseUrl: 'https://api.moonshot.cn/v1',
    model: 'kimi-k2-0905-preview',
    keyEnv: 'MOONSHOT_API_KEY',
    needsKey: true,
    echoReasoning: true,
    streamUsage: true,
  },
  zhipu: {
    baseUrl: 'https://open.bigmodel.cn/api/paas/v4',
    model: 'glm-4-flash',
    keyEnv: 'ZHIPUAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
  },
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    keyEnv: 'OPENAI_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
  },
  openrouter: {
    baseUrl: 'https://openrouter.ai/api/v1',
    model: 'deepseek/deepseek-chat',
    keyEnv: 'OPENROUTER_API_KEY',
    needsKey: true,
    echoReasoning: false,
    streamUsage: true,
  },
  ollama: {
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'qwen2.5:7b',
    keyEnv: '',
    needsKey: false,
    echoReasoning: false,
    streamUsage: true,
  },
  custom: {
    baseUrl: '',
    model: '',
    keyEnv: '',
    needsKey: false,
    echoReasoning: false,
    streamUsage: true,
  },
};
