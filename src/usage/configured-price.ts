/** The price of the model the config names (env overrides included), for commands that build no provider. */
import type { Config } from '../config/schema.js';
import { resolveLlmSettings } from '../providers/resolve-settings.js';
import { type ModelPrice, priceFor } from './prices.js';

export function configuredPrice(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): ModelPrice | undefined {
  const settings = resolveLlmSettings(config.llm, { env });
  return priceFor(settings.model, config.llm.prices, settings.preset.prices);
}

export function configuredCurrency(config: Config, env?: NodeJS.ProcessEnv): string {
  return configuredPrice(config, env)?.currency ?? '';
}
