/**
 * Embedding models of the providers that have an OpenAI-compatible `/embeddings` endpoint at the
 * same base URL as their chat models. Sizes and batch limits from each vendor's documentation:
 * DashScope text-embedding-v4 (64–2048 dims, 10 texts a request), Zhipu embedding-3 (256–2048),
 * OpenAI text-embedding-3-small (any size up to 1536), Ollama's bge-m3 (1024, fixed). DeepSeek,
 * Moonshot and OpenRouter offer none. SiliconFlow is a provider for embeddings only (BAAI/bge-m3:
 * 1024 dims, fixed; 8,192 tokens a text); others are used through `custom` with a base URL.
 */
import type { EmbeddingOnlyProviderId, ProviderId } from '../../config/schema.js';

export interface EmbeddingPreset {
  model: string;
  /** Size to ask for; 0: the model's own (it has no size option). */
  dimensions: number;
  /** Most texts in one request. */
  maxBatch: number;
}

export const EMBEDDING_PRESETS: Partial<Record<ProviderId, EmbeddingPreset>> = {
  qwen: { model: 'text-embedding-v4', dimensions: 512, maxBatch: 10 },
  zhipu: { model: 'embedding-3', dimensions: 512, maxBatch: 64 },
  ark: { model: 'doubao-embedding-text-240715', dimensions: 0, maxBatch: 64 },
  openai: { model: 'text-embedding-3-small', dimensions: 512, maxBatch: 128 },
  ollama: { model: 'bge-m3', dimensions: 0, maxBatch: 32 },
};

/** Providers the box takes embeddings from but not chat: their own base URL and key variable. */
export const EMBEDDING_ONLY_PROVIDERS: Record<
  EmbeddingOnlyProviderId,
  { baseUrl: string; keyEnv: string; needsKey: true; preset: EmbeddingPreset }
> = {
  siliconflow: {
    baseUrl: 'https://api.siliconflow.cn/v1',
    keyEnv: 'SILICONFLOW_API_KEY',
    needsKey: true,
    preset: { model: 'BAAI/bge-m3', dimensions: 0, maxBatch: 32 },
  },
};
