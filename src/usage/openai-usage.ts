/**
 * A turn's usage in OpenAI's shape (`usage` of a completion, or of the last chunk with
 * `stream_options.include_usage`): all the turn's model rounds together, cache and reasoning in
 * OpenAI's detail fields; the `aibox` field adds the cost when the model has a price.
 */
import type { Usage } from '../providers/types.js';
import { roundCost } from './prices.js';

export function openAiUsage(usage: Usage): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens ?? 0 },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
  };
  if (usage.currency || usage.estimated) {
    wire.aibox = {
      ...(usage.currency ? { cost: roundCost(usage.cost ?? 0), currency: usage.currency } : {}),
      ...(usage.estimated ? { estimated: true } : {}),
    };
  }
  return wire;
}
