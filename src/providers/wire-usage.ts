/**
 * The token counts a vendor sends (`usage` of the last stream chunk with
 * `stream_options.include_usage`, or of a whole response), read defensively: usage is vendor
 * input like the rest of the reply.
 */
import type { Usage } from './types.js';

export interface WireUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  /** OpenAI, Qwen, Moonshot, Zhipu, OpenRouter. */
  prompt_tokens_details?: { cached_tokens?: number } | null;
  /** DeepSeek (api-docs.deepseek.com/api/create-chat-completion). */
  prompt_cache_hit_tokens?: number;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

/** A count from the wire: a whole number ≥ 0, anything else 0 (usage is vendor input too). */
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

export function toUsage(usage: WireUsage): Usage {
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  const total = count(usage.total_tokens);
  return {
    promptTokens,
    completionTokens,
    totalTokens: total > 0 ? total : promptTokens + completionTokens,
    cachedTokens: Math.min(
      promptTokens,
      count(usage.prompt_tokens_details?.cached_tokens) || count(usage.prompt_cache_hit_tokens),
    ),
    reasoningTokens: Math.min(completionTokens, count(usage.completion_tokens_details?.reasoning_tokens)),
  };
}

/** Usage where servers put it: the chunk (OpenAI), `x_groq` (Groq), or the choice (Moonshot). */
export function usageOf(chunk: unknown, choice: unknown): WireUsage | undefined {
  const fromChunk = chunk as { usage?: WireUsage | null; x_groq?: { usage?: WireUsage } };
  const fromChoice = choice as { usage?: WireUsage | null } | undefined;
  return fromChunk.usage ?? fromChunk.x_groq?.usage ?? fromChoice?.usage ?? undefined;
}
