import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import type { UsageGroupBy } from '../../usage/types.js';
import { parsePositiveInt, printJson, printLine, withDatabase } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { usageCliMessages } from './messages.js';

interface UsageOpts {
  days?: string;
  by?: string;
  json?: boolean;
}

const GROUPS: readonly UsageGroupBy[] = ['session', 'task', 'channel', 'model'];

/** `aibox usage [--days N] [--by session|task|channel|model] [--json]` (docs/usage-and-budgets.md). */
export function register(program: Command): void {
  const h = usageCliMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('usage')
    .description(h.usage)
    .option('--days <n>', h.days)
    .option('--by <group>', h.by)
    .option('--json', h.json)
    .action(async (opts: UsageOpts, command: Command) =>
      withDatabase(command, async (ctx, db) => {
        const m = usageCliMessages(ctx.lang);
        const days = parsePositiveInt(opts.days, (v) => m.badNumber('--days', v)) ?? 30;
        if (days > 36_600) throw new AppError('bad_argument', m.badNumber('--days', String(days)));
        if (opts.by !== undefined && !GROUPS.includes(opts.by as UsageGroupBy))
          throw new AppError('bad_argument', m.badBy(opts.by));
        const by = (opts.by as UsageGroupBy | undefined) ?? 'day';
        const [{ createUsageStore }, { reportJson, reportLines }, { configuredCurrency }] = await Promise.all(
          [
            import('../../usage/usage-store.js'),
            import('../../usage/format-report.js'),
            import('../../usage/configured-price.js'),
          ],
        );
        const config = ctx.loaded.config;
        const store = createUsageStore({ db, timeZone: () => config.scheduler.timezone });
        const report = store.report({ days, by, currency: configuredCurrency(config) });
        if (opts.json) printJson(reportJson(report, by));
        else for (const line of reportLines(report, by, ctx.lang)) printLine(line);
      }),
    );
}
