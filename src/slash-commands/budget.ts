/**
 * `/budget`: the budgets and what each period used; `/budget KEY VALUE` sets one (saved to
 * config.json, validated first, and applied at once: the next model round sees it).
 */
import { wireCodeOf } from '../error-codes.js';
import { describeError } from '../errors.js';
import { usageCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

const KEYS = ['daily_tokens', 'monthly_tokens', 'daily_cost', 'monthly_cost'] as const;
type BudgetKey = (typeof KEYS)[number];

const isBudgetKey = (word: string): word is BudgetKey => (KEYS as readonly string[]).includes(word);

export const budgetCommand: SlashCommand<'usage' | 'config' | 'configPath'> = {
  name: 'budget',
  help: { zh: '查看或设置用量预算', en: 'Show or set the usage budgets' },
  usage: '/budget [KEY VALUE]',
  async run({ services, lang, args }) {
    const t = usageCommandMessages(lang);
    const words = args.split(/\s+/).filter(Boolean);
    if (words.length > 0) {
      const [key, text] = words.map((w) => w.replace(/^budget\./, ''));
      const value = Number(text);
      if (words.length !== 2 || !key || !isBudgetKey(key) || text === '' || !Number.isFinite(value))
        return { content: t.budgetUsage, data: { ok: false, error: wireCodeOf('bad_argument') } };
      try {
        const { setConfigKey } = await import('../config/set-key.js');
        const saved = setConfigKey(services.configPath, ['budget', key], value);
        services.config.budget[key] = saved.budget[key];
      } catch (error) {
        return {
          content: t.budgetInvalid(describeError(error)),
          data: { ok: false, error: wireCodeOf('config_invalid') },
        };
      }
      return { content: t.budgetSet(key, value), data: { ok: true, key: `budget.${key}`, value } };
    }
    const currency = services.usage.currency();
    const lines = [t.budgetsTitle];
    const budgets: Record<string, { used: number; limit: number }> = {};
    for (const key of KEYS) {
      const sum = services.usage.sum(key.startsWith('daily') ? 'day' : 'month');
      const tokens = key.endsWith('tokens');
      const used = tokens ? sum.total_tokens : sum.cost;
      const limit = services.config.budget[key];
      budgets[key] = { used, limit };
      const shown = (n: number) => (tokens ? n.toLocaleString('en-US') : `${n} ${currency}`.trim());
      lines.push(t.budgetLine(key, shown(used), limit > 0 ? shown(limit) : t.unlimited));
    }
    return { content: lines.join('\n'), data: { ok: true, currency, budgets } };
  },
};
