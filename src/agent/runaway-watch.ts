/**
 * Runaway detection within one turn (docs/usage-and-budgets.md): the same tool call with the
 * same arguments `maxRepeatCalls` times in a row, or `maxStaleRounds` rounds in a row whose
 * tool results all repeat ones the turn already had (the history, and so the tokens, grow
 * while nothing new is learnt). Past `agent.max_rounds` is the loop's own check.
 */
import type { ToolCall } from '../providers/types.js';

export interface RunawayLimits {
  maxRepeatCalls: number;
  maxStaleRounds: number;
}

export class RunawayWatch {
  private lastCall = '';
  private repeats = 0;
  private staleRounds = 0;
  private readonly seenResults = new Set<string>();

  constructor(private readonly limits: RunawayLimits) {}

  /** Counts a call about to run; true when it is the `maxRepeatCalls`-th identical one in a row. */
  repeated(call: ToolCall): boolean {
    const signature = `${call.function.name}\u0000${normalisedArguments(call.function.arguments)}`;
    this.repeats = signature === this.lastCall ? this.repeats + 1 : 1;
    this.lastCall = signature;
    return this.repeats >= this.limits.maxRepeatCalls;
  }

  /** After a round's tools ran; true when the last `maxStaleRounds` rounds brought no new result. */
  stale(results: readonly string[]): boolean {
    let fresh = false;
    for (const result of results) {
      if (!this.seenResults.has(result)) fresh = true;
      this.seenResults.add(result);
    }
    this.staleRounds = fresh ? 0 : this.staleRounds + 1;
    return this.staleRounds >= this.limits.maxStaleRounds;
  }

  get repeatCount(): number {
    return this.repeats;
  }
}

/** `{"a":1, "b":2}` and `{"b":2,"a":1}` are the same call: compare parsed JSON with sorted keys. */
function normalisedArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
  } catch {
    return text.trim();
  }
}
