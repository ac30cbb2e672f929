/**
 * The usage ledger's shapes (docs/usage-and-budgets.md): what one model request used, where it
 * came from, and the sums `aibox usage`, `/usage`, `/healthz` and the budgets read.
 */

/** Where a model request came from. */
export interface UsageOrigin {
  session: string;
  turnId: string;
  /** The scheduled task whose run made it, if any. */
  taskId: number | null;
  /** `web`, `cli`, `v1`, `mcp`, `task`, or a chat kind (`telegram`, `lark`, `dingtalk`). */
  channel: string;
  model: string;
}

/** Token counts, snake_case as on the wire and in `aibox usage --json`. */
export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
  total_tokens: number;
}

/** One recorded request: its counts, what it cost (0 when the model has no price) and whether the counts are an estimate. */
export interface UsageEntry extends UsageOrigin, TokenCounts {
  cost: number;
  /** '' when the model has no price. */
  currency: string;
  estimated: boolean;
}

/** A sum over requests (the `total` and each row of `aibox usage --json`). */
export interface UsageSum extends TokenCounts {
  requests: number;
  cost: number;
  currency: string;
  /** Some of the requests summed were estimated. */
  estimated: boolean;
}

export type UsageGroupBy = 'session' | 'task' | 'channel' | 'model' | 'day';

export interface UsageReport {
  /** ISO 8601 with offset: the start of the first day reported. */
  from: string;
  /** ISO 8601 with offset: when the report was made. */
  to: string;
  total: UsageSum;
  /** One per group, most expensive (then most tokens) first; `key` is the group's value. */
  rows: (UsageSum & { key: string })[];
}

export type BudgetPeriod = 'day' | 'month';
