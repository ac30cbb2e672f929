/**
 * A usage report as people read it (`aibox usage`, `/usage`) and as `aibox usage --json`
 * prints it: `{ from, to, total: {…}, rows: [{ <group>: key, … }] }` (docs/usage-and-budgets.md).
 */
import type { Lang } from '../i18n/lang.js';
import { usageReportMessages } from './messages.js';
import type { UsageGroupBy, UsageReport, UsageSum } from './types.js';

/** The public fields of a sum (the JSON shape: no request count). */
function publicSum(sum: UsageSum) {
  return {
    prompt_tokens: sum.prompt_tokens,
    completion_tokens: sum.completion_tokens,
    cached_tokens: sum.cached_tokens,
    reasoning_tokens: sum.reasoning_tokens,
    total_tokens: sum.total_tokens,
    cost: sum.cost,
    currency: sum.currency,
    estimated: sum.estimated,
  };
}

export function reportJson(report: UsageReport, by: UsageGroupBy) {
  return {
    from: report.from,
    to: report.to,
    total: publicSum(report.total),
    rows: report.rows.map((row) => ({
      [by]: by === 'task' ? (row.key === '' ? null : Number(row.key)) : row.key,
      ...publicSum(row),
    })),
  };
}

/** One line for a sum: tokens, cost, and whether it was estimated. */
export function sumLine(sum: UsageSum, lang: Lang): string {
  const t = usageReportMessages(lang);
  const parts = [
    t.requests(sum.requests),
    t.tokens(
      sum.total_tokens,
      sum.prompt_tokens,
      sum.completion_tokens,
      sum.cached_tokens,
      sum.reasoning_tokens,
    ),
    t.cost(sum.cost, sum.currency),
  ];
  if (sum.estimated) parts.push(t.estimated());
  return parts.join(' · ');
}

export function reportLines(report: UsageReport, by: UsageGroupBy, lang: Lang): string[] {
  const t = usageReportMessages(lang);
  const lines = [t.header(report.from.slice(0, 10), report.to.slice(0, 16).replace('T', ' '))];
  if (report.total.requests === 0) return [...lines, t.none()];
  lines.push(`${t.total()}: ${sumLine(report.total, lang)}`);
  for (const row of report.rows) {
    const key = by === 'task' && row.key === '' ? t.noTask() : row.key;
    lines.push(`  ${key}: ${sumLine(row, lang)}`);
  }
  return lines;
}
