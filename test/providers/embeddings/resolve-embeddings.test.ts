/**
 * Where embeddings come from: the chat provider's preset, an embeddings-only provider
 * (SiliconFlow) beside another chat model, or none, with why.
 */
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../../src/config/schema.js';
import { resolveEmbeddings } from '../../../src/providers/embeddings/resolve-embeddings.js';

const deepseekChat = {
  provider: 'deepseek' as const,
  baseUrl: 'https://api.deepseek.com',
  apiKey: 'sk-chat',
};

function configWith(embeddings: Record<string, unknown>) {
  return ConfigSchema.parse({ memory: { embeddings } });
}

describe('resolveEmbeddings', () => {
  it('takes SiliconFlow BGE-M3 beside a DeepSeek chat model, with its own key', () => {
    const resolved = resolveEmbeddings(
      configWith({ provider: 'siliconflow', batch_size: 100 }),
      deepseekChat,
      { SILICONFLOW_API_KEY: 'sk-sf' },
      'en',
    );
    expect(resolved).toEqual({
      enabled: true,
      provider: 'siliconflow',
      baseUrl: 'https://api.siliconflow.cn/v1',
      model: 'BAAI/bge-m3',
      dimensions: 0,
      apiKey: 'sk-sf',
      batchSize: 32,
    });
  });

  it('names the key variable SiliconFlow needs, and never takes the chat model key for it', () => {
    const resolved = resolveEmbeddings(configWith({ provider: 'siliconflow' }), deepseekChat, {}, 'en');
    expect(resolved).toMatchObject({ enabled: false, reason: 'no_key' });
    expect(resolved.enabled === false && resolved.message).toContain('SILICONFLOW_API_KEY');
  });

  it('has none for DeepSeek itself, and says so in either language', () => {
    const en = resolveEmbeddings(configWith({}), deepseekChat, {}, 'en');
    const zh = resolveEmbeddings(configWith({}), deepseekChat, {}, 'zh');
    expect(en).toMatchObject({ enabled: false, reason: 'unsupported' });
    expect(zh).toMatchObject({ enabled: false, reason: 'unsupported' });
    expect(en.enabled === false && zh.enabled === false && en.message !== zh.message).toBe(true);
  });

  it('refuses an unknown provider in the config, naming the key', () => {
    expect(() => configWith({ provider: 'silicon-flow' })).toThrow(/provider/);
  });
});
