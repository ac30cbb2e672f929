/**
 * The one entry point: config `llm` (+ env, home) → a ChatProvider. When the settings
 * cannot reach a model (no key, custom without URL), the provider still exists and
 * answers every call with that problem, so everything that needs no model keeps working.
 */
import { AppError } from '../errors.js';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider.js';
import { type LlmConfig, type ResolvedLlmSettings, resolveLlmSettings } from './resolve-settings.js';
import type { ChatProvider, ProviderEvent } from './types.js';

export interface CreateProviderOptions extends OpenAiProviderOptions {
  env?: NodeJS.ProcessEnv;
  /** Home directory for the legacy `~/.cert/deepseek.key`. */
  home?: string;
}

export interface CreatedProvider {
  provider: ChatProvider;
  settings: ResolvedLlmSettings;
  /** Messages worth showing once at startup (legacy key file, env overrides). */
  notices: string[];
}

function unavailableProvider(
  settings: ResolvedLlmSettings,
  problem: NonNullable<ResolvedLlmSettings['problem']>,
) {
  const provider: ChatProvider = {
    info: {
      provider: settings.provider,
      model: settings.model,
      baseUrl: settings.baseUrl,
      hasKey: false,
      keyEnv: settings.keyEnv,
      echoReasoning: settings.preset.echoReasoning,
    },
    async *stream(): AsyncGenerator<ProviderEvent, void> {
      yield { type: 'error', code: problem.code, message: problem.message };
    },
    async complete() {
      throw new AppError(`llm_${problem.code}`, problem.message);
    },
  };
  return provider;
}

export function createProviderWithSettings(
  llm: LlmConfig,
  options: CreateProviderOptions = {},
): CreatedProvider {
  const settings = resolveLlmSettings(llm, options);
  const provider = settings.problem
    ? unavailableProvider(settings, settings.problem)
    : createOpenAiProvider(settings, options);
  return { provider, settings, notices: settings.notices };
}

export function createProvider(llm: LlmConfig, options: CreateProviderOptions = {}): ChatProvider {
  return createProviderWithSettings(llm, options).provider;
}
