/** `/usage`: what the models used and cost today, this month, and in this session (docs/usage-and-budgets.md). */
import { sumLine } from '../usage/format-report.js';
import { usageCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

export const usageCommand: SlashCommand<'usage'> = {
  name: 'usage',
  help: {
    zh: '显示模型用量与费用（今天、本月、本会话）',
    en: 'Show model usage and cost (today, this month, this session)',
  },
  async run({ services, session, lang }) {
    const t = usageCommandMessages(lang);
    const today = services.usage.sum('day');
    const month = services.usage.sum('month');
    const bySession = services.usage.store.report({
      days: 30,
      by: 'session',
      currency: services.usage.currency(),
    });
    const mine = bySession.rows.find((row) => row.key === session.id);
    const lines = [`${t.today}: ${sumLine(today, lang)}`, `${t.month}: ${sumLine(month, lang)}`];
    if (mine) lines.push(`${t.session(session.id)}: ${sumLine(mine, lang)}`);
    return { content: lines.join('\n'), data: { today, month, session: mine ?? null } };
  },
};
