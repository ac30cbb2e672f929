/** What embedding setup and calls say to people, in zh and en. */
import { defineMessages } from '../../i18n/lang.js';

export const embeddingMessages = defineMessages({
  zh: {
    embeddingsOff: '向量检索已关闭（memory.embeddings.provider = "off"），只用关键词检索。',
    embeddingsNeedModel: 'provider 为 custom 时需要设置 memory.embeddings.model，现在只用关键词检索。',
    embeddingsUnsupported: (provider: string) =>
      `${provider} 没有向量（embeddings）接口，只用关键词检索。可在 memory.embeddings 里另选一家（如 qwen、zhipu、ollama）。`,
    embeddingsNeedBaseUrl: '需要设置 memory.embeddings.base_url，现在只用关键词检索。',
    embeddingsNoKey: (env: string) => `向量检索缺少 API key（环境变量 ${env}），现在只用关键词检索。`,
    embeddingFailed: (detail: string) => `生成向量失败：${detail}`,
    badEmbeddingAnswer: (detail: string) => `向量接口的回答不对：${detail}`,
  },
  en: {
    embeddingsOff: 'Vector search is off (memory.embeddings.provider = "off"); keyword search only.',
    embeddingsNeedModel:
      'With provider custom, memory.embeddings.model must be set; keyword search only for now.',
    embeddingsUnsupported: (provider: string) =>
      `${provider} has no embeddings endpoint; keyword search only. Choose another provider in memory.embeddings (e.g. qwen, zhipu, ollama).`,
    embeddingsNeedBaseUrl: 'memory.embeddings.base_url must be set; keyword search only for now.',
    embeddingsNoKey: (env: string) =>
      `Vector search has no API key (environment variable ${env}); keyword search only.`,
    embeddingFailed: (detail: string) => `embedding failed: ${detail}`,
    badEmbeddingAnswer: (detail: string) => `the embeddings endpoint answered wrongly: ${detail}`,
  },
});
