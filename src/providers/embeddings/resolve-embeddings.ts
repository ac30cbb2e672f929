/**
 * Turns `memory.embeddings` and the chat model's settings into where embeddings come from, or why
 * there are none (then search is keyword only, and `aibox doctor` says why). An empty provider
 * means the chat model's provider, with its base URL and key.
 */
import type { Config, EmbeddingOnlyProviderId, ProviderId } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import { PRESETS } from '../presets.js';
import type { ResolvedLlmSettings } from '../resolve-settings.js';
import { embeddingMessages } from './messages.js';
import { EMBEDDING_ONLY_PROVIDERS, EMBEDDING_PRESETS } from './presets.js';

export interface EmbeddingSettings {
  enabled: true;
  provider: ProviderId | EmbeddingOnlyProviderId;
  baseUrl: string;
  model: string;
  /** 0: not asked for (the model's own size). */
  dimensions: number;
  /** Never logged or shown. */
  apiKey: string;
  batchSize: number;
}

export interface EmbeddingsOff {
  enabled: false;
  reason: 'off' | 'unsupported' | 'not_configured' | 'no_key';
  /** Why, in words for people. */
  message: string;
}

export type ResolvedEmbeddings = EmbeddingSettings | EmbeddingsOff;

function isEmbeddingOnly(provider: string): provider is EmbeddingOnlyProviderId {
  return Object.hasOwn(EMBEDDING_ONLY_PROVIDERS, provider);
}

export function resolveEmbeddings(
  config: Pick<Config, 'memory' | 'llm'>,
  chat: Pick<ResolvedLlmSettings, 'provider' | 'baseUrl' | 'apiKey'>,
  env: NodeJS.ProcessEnv,
  lang: Lang,
): ResolvedEmbeddings {
  const t = embeddingMessages(lang);
  const wanted = config.memory.embeddings;
  if (wanted.provider === 'off') return { enabled: false, reason: 'off', message: t.embeddingsOff };
  const provider: ProviderId | EmbeddingOnlyProviderId = wanted.provider || chat.provider;
  const sameAsChat = provider === chat.provider;
  const own = isEmbeddingOnly(provider)
    ? EMBEDDING_ONLY_PROVIDERS[provider]
    : { ...PRESETS[provider], preset: EMBEDDING_PRESETS[provider] };
  const preset = own.preset;
  const model = wanted.model.trim() || preset?.model || '';
  if (!model) {
    return provider === 'custom'
      ? { enabled: false, reason: 'not_configured', message: t.embeddingsNeedModel }
      : { enabled: false, reason: 'unsupported', message: t.embeddingsUnsupported(provider) };
  }
  const baseUrl = wanted.base_url.trim() || (sameAsChat ? chat.baseUrl : own.baseUrl);
  if (!baseUrl) return { enabled: false, reason: 'not_configured', message: t.embeddingsNeedBaseUrl };
  const keyEnv = wanted.api_key_env.trim();
  const apiKey = keyEnv
    ? (env[keyEnv]?.trim() ?? '')
    : sameAsChat
      ? chat.apiKey
      : (env[own.keyEnv]?.trim() ?? '');
  const needsKey = keyEnv !== '' || own.needsKey;
  if (needsKey && !apiKey) {
    return {
      enabled: false,
      reason: 'no_key',
      message: t.embeddingsNoKey(keyEnv || own.keyEnv || 'memory.embeddings.api_key_env'),
    };
  }
  return {
    enabled: true,
    provider,
    baseUrl,
    model,
    dimensions: wanted.dimensions || preset?.dimensions || 0,
    apiKey,
    batchSize: Math.min(wanted.batch_size, preset?.maxBatch ?? wanted.batch_size),
  };
}
