/** Usage as vendors send it: OpenAI's details, DeepSeek's cache hits, and values that are not counts. */
import { describe, expect, it } from 'vitest';
import { toUsage } from '../../src/providers/wire-usage.js';

describe('wire usage', () => {
  it('reads OpenAI cached and reasoning details', () => {
    expect(
      toUsage({
        prompt_tokens: 100,
        completion_tokens: 50,
        total_tokens: 150,
        prompt_tokens_details: { cached_tokens: 64 },
        completion_tokens_details: { reasoning_tokens: 30 },
      }),
    ).toEqual({
      promptTokens: 100,
      completionTokens: 50,
      totalTokens: 150,
      cachedTokens: 64,
      reasoningTokens: 30,
    });
  });

  it("reads DeepSeek's prompt_cache_hit_tokens (api-docs.deepseek.com: usage.prompt_cache_hit_tokens)", () => {
    expect(
      toUsage({ prompt_tokens: 90, completion_tokens: 10, total_tokens: 100, prompt_cache_hit_tokens: 80 }),
    ).toMatchObject({ cachedTokens: 80 });
  });

  it('counts only whole non-negative numbers, and never more cached than prompt tokens', () => {
    const hostile = {
      prompt_tokens: '12',
      completion_tokens: -5,
      total_tokens: Number.NaN,
      prompt_tokens_details: { cached_tokens: 1e9 },
      completion_tokens_details: null,
    } as unknown as Parameters<typeof toUsage>[0];
    expect(toUsage(hostile)).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      totalTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
    expect(toUsage({ prompt_tokens: 10.7, completion_tokens: 2 })).toMatchObject({
      promptTokens: 10,
      totalTokens: 12,
    });
  });
});
