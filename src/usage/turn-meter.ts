/**
 * The meter of one turn (the agent loop's `TurnMeter`): before each model round it refuses
 * when the turn passed its cap (`agent.max_tokens_per_turn`, a task run's
 * `max_tokens_per_run`) or a budget is used up, so a running turn ends at its next round;
 * after each round it records what the round used (estimated from the text when the
 * provider sent no usage) and passes on the budget warnings due.
 */
import type { FinishedRound, TurnMeter } from '../agent/turn-meter.js';
import type { Lang } from '../i18n/lang.js';
import type { Usage } from '../providers/types.js';
import { estimateTextTokens, estimateTokens } from '../session/token-estimate.js';
import type { UsageLedger } from './ledger.js';
import { usageMessages } from './messages.js';
import type { UsageOrigin } from './types.js';

export interface TurnCaps {
  /** `agent.max_tokens_per_turn`; 0: none. */
  perTurn: number;
  /** A task run's cap and the key that set it; absent or 0: none. */
  perRun?: { limit: number; key: string };
}

/** Usage from the text of the request and the reply, marked estimated. */
export function estimateUsage(round: FinishedRound): Usage {
  const promptTokens = estimateTokens(round.messages);
  const completionTokens = estimateTextTokens(round.reply);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}

export function createTurnMeter(
  ledger: UsageLedger,
  origin: UsageOrigin,
  caps: TurnCaps,
  lang: Lang,
): TurnMeter {
  const t = usageMessages(lang);
  return {
    beforeRound(turnTokens) {
      if (caps.perTurn > 0 && turnTokens >= caps.perTurn)
        return { code: 'budget_exceeded', message: t.turnCap(turnTokens, caps.perTurn) };
      const run = caps.perRun;
      if (run && run.limit > 0 && turnTokens >= run.limit)
        return { code: 'budget_exceeded', message: t.runCap(turnTokens, run.limit, run.key) };
      const refusal = ledger.refusal(lang);
      return refusal ? { code: 'budget_exceeded', message: refusal } : undefined;
    },
    afterRound(round) {
      const counted = round.usage ?? estimateUsage(round);
      const entry = ledger.record(origin, counted);
      const usage = entry.currency ? { ...counted, cost: entry.cost, currency: entry.currency } : counted;
      return { usage, notices: ledger.takeWarnings(lang) };
    },
  };
}
