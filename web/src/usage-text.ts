/** A turn's or a session's usage in a few words (the `complete` frame's `usage`, a task run's). */
import type { WireUsage } from '../../src/protocol/frames.js';
import type { Messages } from './i18n.js';

type Shown = Pick<WireUsage, 'total_tokens' | 'cost' | 'currency' | 'estimated'>;

export function usageText(usage: Shown, t: Messages): string {
  const tokens = t.usageTokens(usage.total_tokens.toLocaleString('en-US'));
  const cost = usage.currency ? ` · ${(usage.cost ?? 0).toFixed(4)} ${usage.currency}` : '';
  return `${tokens}${cost}${usage.estimated ? ` ${t.usageEstimated}` : ''}`;
}

/** Sums two usages (the session's total on the page since it was opened). */
export function addUsage(total: Shown, more: Shown): Shown {
  const currency = more.currency || total.currency;
  return {
    total_tokens: total.total_tokens + more.total_tokens,
    ...(currency ? { cost: (total.cost ?? 0) + (more.cost ?? 0), currency } : {}),
    ...(total.estimated || more.estimated ? { estimated: true } : {}),
  };
}
