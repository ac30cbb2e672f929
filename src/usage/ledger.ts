/**
 * The usage ledger of a running box: records what each model request used and cost (priced
 * with the live config), and decides the budgets (`budget.*`): a refusal once one is used
 * up, a warning once per period when one passes 80 %. State lives in SQLite only (the store),
 * so it holds across restarts, for every session at once, and for a second process too.
 */
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Usage } from '../providers/types.js';
import { usageMessages } from './messages.js';
import { costOf, type PriceTable, priceFor } from './prices.js';
import type { BudgetPeriod, UsageEntry, UsageOrigin, UsageSum } from './types.js';
import type { UsageStore } from './usage-store.js';

export interface UsageLedger {
  readonly store: UsageStore;
  /** The currency of the current model's price ('' when it has none): budgets and reports use it. */
  currency(): string;
  /** Records one request; returns the entry as stored (with its cost). */
  record(origin: UsageOrigin, usage: Usage): UsageEntry;
  /** Why no new model round may start (a used-up budget), in `lang`; undefined while none is. */
  refusal(lang: Lang): string | undefined;
  /** Budgets that passed 80 % and were not yet told of in their period (each told once). */
  takeWarnings(lang: Lang): string[];
  /** Tokens left before the first token budget is reached (Infinity without one). */
  tokensLeft(): { left: number; key: string };
  /** The current sums (for `/usage`, `/healthz`). */
  sum(period: BudgetPeriod): UsageSum;
}

interface LedgerOptions {
  store: UsageStore;
  config: () => Config;
  /** The model requests go to now, and the preset's list prices. */
  model: () => string;
  presetPrices: () => PriceTable | undefined;
}

type BudgetKey = 'daily_tokens' | 'monthly_tokens' | 'daily_cost' | 'monthly_cost';

interface Budget {
  key: BudgetKey;
  period: BudgetPeriod;
  kind: 'tokens' | 'cost';
}

const BUDGETS: readonly Budget[] = [
  { key: 'daily_tokens', period: 'day', kind: 'tokens' },
  { key: 'monthly_tokens', period: 'month', kind: 'tokens' },
  { key: 'daily_cost', period: 'day', kind: 'cost' },
  { key: 'monthly_cost', period: 'month', kind: 'cost' },
];

const WARN_AT = 0.8;

export function createUsageLedger(options: LedgerOptions): UsageLedger {
  const { store } = options;
  const priceOf = (model: string) => priceFor(model, options.config().llm.prices, options.presetPrices());
  const price = () => priceOf(options.model());
  const currency = () => price()?.currency ?? '';

  /** The budgets set, with what their period used so far (one query per period). */
  const measured = () => {
    const limits = options.config().budget;
    const active = BUDGETS.filter((b) => limits[b.key] > 0);
    const sums = new Map<BudgetPeriod, UsageSum>();
    const money = currency();
    return active.map((budget) => {
      let sum = sums.get(budget.period);
      if (!sum) {
        sum = store.periodSum(budget.period, money);
        sums.set(budget.period, sum);
      }
      const used = budget.kind === 'tokens' ? sum.total_tokens : sum.cost;
      return { budget, used, limit: limits[budget.key], currency: money };
    });
  };

  const describe = (lang: Lang, b: Budget, used: number, limit: number, money: string) => {
    const t = usageMessages(lang);
    const period = b.period === 'day' ? t.dayPeriod() : t.monthPeriod();
    return b.kind === 'tokens'
      ? t.tokenBudget(period, used, limit)
      : t.costBudget(period, used, limit, money);
  };

  return {
    store,
    currency,
    record(origin, usage) {
      const rate = priceOf(origin.model);
      const entry: UsageEntry = {
        ...origin,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        cached_tokens: usage.cachedTokens ?? 0,
        reasoning_tokens: usage.reasoningTokens ?? 0,
        total_tokens: usage.totalTokens,
        cost: costOf(usage, rate),
        currency: rate?.currency ?? '',
        estimated: usage.estimated === true,
      };
      store.record(entry);
      return entry;
    },
    refusal(lang) {
      for (const { budget, used, limit, currency: money } of measured()) {
        if (used < limit) continue;
        const reason = describe(lang, budget, used, limit, money);
        return usageMessages(lang).refusedUntil(reason, `budget.${budget.key}`, budget.period === 'day');
      }
      return undefined;
    },
    takeWarnings(lang) {
      const t = usageMessages(lang);
      const warnings: string[] = [];
      for (const { budget, used, limit, currency: money } of measured()) {
        if (used < limit * WARN_AT || used >= limit) continue;
        if (!store.claimNotice(store.periodKey(budget.period), budget.key)) continue;
        const period = budget.period === 'day' ? t.dayPeriod() : t.monthPeriod();
        const what = budget.kind === 'tokens' ? t.tokens(used) : t.cost(used, money);
        warnings.push(t.warning(period, what, `budget.${budget.key}`));
      }
      return warnings;
    },
    tokensLeft() {
      let best = { left: Number.POSITIVE_INFINITY, key: '' };
      for (const { budget, used, limit } of measured()) {
        if (budget.kind !== 'tokens') continue;
        const left = Math.max(0, limit - used);
        if (left < best.left) best = { left, key: `budget.${budget.key}` };
      }
      return best;
    },
    sum: (period) => store.periodSum(period, currency()),
  };
}
