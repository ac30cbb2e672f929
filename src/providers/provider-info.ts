import type { ResolvedLlmSettings } from './resolve-settings.js';
import type { ProviderInfo } from './types.js';

/** What may be shown about a provider (never the key itself). */
export function providerInfo(settings: ResolvedLlmSettings, hasKey = settings.apiKey !== ''): ProviderInfo {
  return {
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl,
    hasKey,
    keyEnv: settings.keyEnv,
    echoReasoning: settings.preset.echoReasoning,
  };
}
