/**
 * Turns config `llm.*` plus the environment into the settings of one provider:
 * precedence env override (AIBOX_LLM_*) > config > preset; the key comes from
 * AIBOX_LLM_API_KEY, then `llm.api_key` (config.json, 0600; the Settings tab writes it), then
 * `llm.api_key_env` (or the preset's variable), then either variable in the data dir's
 * `service.env` (what the installed service is given; a command started with a bare environment,
 * such as `aibox mcp serve` under Claude Desktop, finds the key there), then, for deepseek, the
 * original Aibox's `~/.cert/deepseek.key`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEnvFile } from '../config/env-file.js';
import type { Config, ProviderId } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { providerMessages } from './messages.js';
import { PRESETS, type ProviderPreset, type ThinkingMode } from './presets.js';

export type LlmConfig = Config['llm'];

export interface ResolvedLlmSettings {
  provider: ProviderId;
  preset: ProviderPreset;
  baseUrl: string;
  model: string;
  /** Never logged or shown. Empty when there is none. */
  apiKey: string;
  /** Where the key was looked for ('' when the service needs none). */
  keyEnv: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  maxRetries: number;
  thinking: ThinkingMode;
  /** 0: the vendor's default. */
  thinkingBudget: number;
  /** Why this configuration cannot talk to a model, in words for people; undefined when it can. */
  problem?: { code: 'no_key' | 'not_configured'; message: string };
  /** Things worth telling the user (legacy key file, env overrides). */
  notices: string[];
}

interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Home directory for the legacy `~/.cert/deepseek.key`; default the user's. */
  home?: string;
  /** The data dir's `service.env` (env-file.ts), read only when no key is found before it. */
  serviceEnv?: string;
  lang?: Lang;
}

const LEGACY_KEY_FILE = join('.cert', 'deepseek.key');

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

export function resolveLlmSettings(llm: LlmConfig, options: ResolveOptions = {}): ResolvedLlmSettings {
  const env = options.env ?? process.env;
  const text = providerMessages(options.lang ?? 'zh');
  const preset = PRESETS[llm.provider];
  const notices: string[] = [];

  const override = (name: string, configKey: string, configValue: string, fallback: string): string => {
    const fromEnv = env[name]?.trim();
    if (fromEnv) {
      if (configValue) notices.push(text.envOverride(name, configKey));
      return fromEnv;
    }
    return configValue || fallback;
  };
  const baseUrl = override('AIBOX_LLM_BASE_URL', 'llm.base_url', llm.base_url.trim(), preset.baseUrl);
  const model = override('AIBOX_LLM_MODEL', 'llm.model', llm.model.trim(), preset.model);

  let keyEnv = llm.api_key_env.trim() || preset.keyEnv;
  let apiKey = '';
  if (env.AIBOX_LLM_API_KEY?.trim()) {
    apiKey = env.AIBOX_LLM_API_KEY.trim();
    keyEnv = 'AIBOX_LLM_API_KEY';
  } else if (llm.api_key.trim()) {
    apiKey = llm.api_key.trim();
    keyEnv = 'llm.api_key';
  } else if (keyEnv) {
    apiKey = env[keyEnv]?.trim() ?? '';
  }
  if (!apiKey && options.serviceEnv) {
    const file = readEnvFile(options.serviceEnv);
    for (const name of ['AIBOX_LLM_API_KEY', keyEnv]) {
      const value = name ? file[name]?.trim() : undefined;
      if (value) {
        apiKey = value;
        keyEnv = name;
        break;
      }
    }
  }
  if (!apiKey && llm.provider === 'deepseek') {
    const home = options.home ?? env.HOME ?? env.USERPROFILE ?? '';
    if (home) {
      const path = join(home, LEGACY_KEY_FILE);
      apiKey = readKeyFile(path);
      if (apiKey) notices.push(text.keyFileNotice(path));
    }
  }

  let problem: ResolvedLlmSettings['problem'];
  if (!baseUrl) problem = { code: 'not_configured', message: text.noBaseUrl() };
  else if (!model) problem = { code: 'not_configured', message: text.noModel() };
  else if (!apiKey && (preset.needsKey || llm.api_key_env.trim())) {
    problem = { code: 'no_key', message: text.noKey(keyEnv || 'AIBOX_LLM_API_KEY', llm.provider) };
  }

  return {
    provider: llm.provider,
    preset,
    baseUrl,
    model,
    apiKey,
    keyEnv,
    temperature: llm.temperature,
    maxTokens: llm.max_tokens,
    timeoutMs: Math.round(llm.timeout_s * 1000),
    maxRetries: llm.max_retries,
    thinking: llm.thinking,
    thinkingBudget: llm.thinking_budget,
    problem,
    notices,
  };
}
