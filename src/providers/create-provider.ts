/**
 * The one entry point: config `llm` (+ env, home) → a ChatProvider. When the settings
 * cannot reach a model (no key, custom without URL), the provider still exists and
 * answers every call with that problem, so everything that needs no model keeps working.
 */
import { AppError } from '../errors.js';
import { loadOnce } from '../util/load-once.js';
import type { OpenAiProviderOptions } from './openai-provider.js';
import { providerInfo } from './provider-info.js';
import { type LlmConfig, type ResolvedLlmSettings, resolveLlmSettings } from './resolve-settings.js';
import type { ChatProvider, ProviderEvent } from './types.js';

interface CreateProviderOptions extends OpenAiProviderOptions {
  env?: NodeJS.ProcessEnv;
  /** Home directory for the legacy `~/.cert/deepseek.key`. */
  home?: string;
  /** The data dir's `service.env`, for the key (resolve-settings.ts). */
  serviceEnv?: string;
}

interface CreatedProvider {
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
    info: providerInfo(settings, false),
    async *stream(): AsyncGenerator<ProviderEvent, void> {
      yield { type: 'error', code: problem.code, message: problem.message };
    },
    async complete() {
      throw new AppError(`llm_${problem.code}`, problem.message);
    },
  };
  return provider;
}

/**
 * The `openai` SDK costs ~0.15 s and several MB to load: a server that has not been asked
 * anything yet does not load it. The first call loads it, once.
 */
function lazyOpenAiProvider(settings: ResolvedLlmSettings, options: OpenAiProviderOptions): ChatProvider {
  const provider = loadOnce(() =>
    import('./openai-provider.js').then((m) => m.createOpenAiProvider(settings, options)),
  );
  const real = () => provider.load();
  return {
    info: providerInfo(settings),
    async *stream(request, signal) {
      yield* (await real()).stream(request, signal);
    },
    async complete(request, signal) {
      return (await real()).complete(request, signal);
    },
  };
}

export function createProviderWithSettings(
  llm: LlmConfig,
  options: CreateProviderOptions = {},
): CreatedProvider {
  const settings = resolveLlmSettings(llm, options);
  const provider = settings.problem
    ? unavailableProvider(settings, settings.problem)
    : lazyOpenAiProvider(settings, options);
  return { provider, settings, notices: settings.notices };
}

export function createProvider(llm: LlmConfig, options: CreateProviderOptions = {}): ChatProvider {
  return createProviderWithSettings(llm, options).provider;
}
