/**
 * What a request costs: the model's price per million tokens from `llm.prices` (the user's),
 * else the preset's published list price (src/providers/presets.ts), else none (cost 0,
 * currency ''). A price key is a model name or `*` (any model of that provider).
 */
import type { Usage } from '../providers/types.js';

export interface ModelPrice {
  /** Per million prompt tokens not read from the cache. */
  input: number;
  /** Per million prompt tokens read from the cache; the input price when not given. */
  cached_input?: number;
  /** Per million completion tokens (reasoning included). */
  output: number;
  currency: string;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

export function priceFor(
  model: string,
  user: PriceTable | undefined,
  preset: PriceTable | undefined,
): ModelPrice | undefined {
  for (const table of [user, preset]) {
    if (!table) continue;
    if (Object.hasOwn(table, model)) return table[model];
    if (Object.hasOwn(table, '*')) return table['*'];
  }
  return undefined;
}

export function costOf(usage: Usage, price: ModelPrice | undefined): number {
  if (!price) return 0;
  const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
  const cost =
    (usage.promptTokens - cached) * price.input +
    cached * (price.cached_input ?? price.input) +
    usage.completionTokens * price.output;
  return cost / 1_000_000;
}

/** Money is summed in floating point: shown rounded to a millionth of a unit (far below any price). */
export const roundCost = (cost: number): number => Math.round(cost * 1_000_000) / 1_000_000;
