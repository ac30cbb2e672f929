/**
 * The usage ledger on memories.db: `record` writes the request and adds it to its day's sums
 * (by origin, and in total) in one transaction; reads never scan the requests: a report over 30
 * days at a million requests reads the per-origin day sums (thousands of rows), a budget check
 * or a period total the day totals (at most 31 rows a month).
 */
import type { Database } from 'better-sqlite3';
import { type Clock, isoWithOffset, systemClock } from '../util/clock.js';
import { dayKey, firstDayOf, monthKey, startOfDay } from './day-key.js';
import { roundCost } from './prices.js';
import type { BudgetPeriod, UsageEntry, UsageGroupBy, UsageReport, UsageSum } from './types.js';

export interface UsageStore {
  record(entry: UsageEntry): void;
  /** Sums of the current day or month, in `currency` (cost of other currencies is left out). */
  periodSum(period: BudgetPeriod, currency: string): UsageSum;
  report(options: { days: number; by?: UsageGroupBy; currency: string }): UsageReport;
  /** Sums per task run: the requests of task `taskId` between `from` and `to` (ISO instants). */
  runSum(taskId: number, from: string, to: string | null, currency: string): UsageSum;
  /** True the first time a (period, budget) notice is claimed; false ever after (across restarts). */
  claimNotice(period: string, budget: string): boolean;
  /** The key of the current period (`2026-12-04`, `2026-12`). */
  periodKey(period: BudgetPeriod): string;
}

interface UsageStoreOptions {
  db: Database;
  clock?: Clock;
  /** `scheduler.timezone` ('' or absent: the system's zone). */
  timeZone?: () => string | undefined;
}

interface SumRow {
  requests: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cached_tokens: number | null;
  reasoning_tokens: number | null;
  total_tokens: number | null;
  cost: number | null;
  estimated: number | null;
}

const SUMS = `SUM(requests) AS requests, SUM(prompt_tokens) AS prompt_tokens,
  SUM(completion_tokens) AS completion_tokens, SUM(cached_tokens) AS cached_tokens,
  SUM(reasoning_tokens) AS reasoning_tokens, SUM(total_tokens) AS total_tokens,
  SUM(CASE WHEN currency = @currency THEN cost ELSE 0 END) AS cost, MAX(estimated) AS estimated`;

/** The report's group column, or a constant for the total. */
/** A day row (per origin or in total) takes one more request's numbers. */
const ADD_ONE_REQUEST = `requests = requests + 1,
  prompt_tokens = prompt_tokens + excluded.prompt_tokens,
  completion_tokens = completion_tokens + excluded.completion_tokens,
  cached_tokens = cached_tokens + excluded.cached_tokens,
  reasoning_tokens = reasoning_tokens + excluded.reasoning_tokens,
  total_tokens = total_tokens + excluded.total_tokens,
  cost = cost + excluded.cost,
  estimated = MAX(estimated, excluded.estimated)`;

const GROUP_COLUMN: Record<UsageGroupBy, string> = {
  session: 'session',
  task: 'task_id',
  channel: 'channel',
  model: 'model',
  day: 'day',
};

function toSum(row: SumRow | undefined, currency: string): UsageSum {
  return {
    requests: row?.requests ?? 0,
    prompt_tokens: row?.prompt_tokens ?? 0,
    completion_tokens: row?.completion_tokens ?? 0,
    cached_tokens: row?.cached_tokens ?? 0,
    reasoning_tokens: row?.reasoning_tokens ?? 0,
    total_tokens: row?.total_tokens ?? 0,
    cost: roundCost(row?.cost ?? 0),
    currency,
    estimated: (row?.estimated ?? 0) > 0,
  };
}

export function createUsageStore(options: UsageStoreOptions): UsageStore {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const zone = () => options.timeZone?.() || undefined;

  const insertRequest = db.prepare(`INSERT INTO usage_requests
    (at, day, session, turn_id, task_id, channel, model, prompt_tokens, completion_tokens,
     cached_tokens, reasoning_tokens, total_tokens, cost, currency, estimated)
    VALUES (@at, @day, @session, @turnId, @taskId, @channel, @model, @prompt_tokens, @completion_tokens,
     @cached_tokens, @reasoning_tokens, @total_tokens, @cost, @currency, @estimated)`);
  const addToDay = db.prepare(`INSERT INTO usage_days
    (day, session, task_id, channel, model, currency, requests, prompt_tokens, completion_tokens,
     cached_tokens, reasoning_tokens, total_tokens, cost, estimated)
    VALUES (@day, @session, @dayTask, @channel, @model, @currency, 1, @prompt_tokens, @completion_tokens,
     @cached_tokens, @reasoning_tokens, @total_tokens, @cost, @estimated)
    ON CONFLICT (day, session, task_id, channel, model, currency) DO UPDATE SET ${ADD_ONE_REQUEST}`);
  const addToTotal = db.prepare(`INSERT INTO usage_day_totals
    (day, currency, requests, prompt_tokens, completion_tokens,
     cached_tokens, reasoning_tokens, total_tokens, cost, estimated)
    VALUES (@day, @currency, 1, @prompt_tokens, @completion_tokens,
     @cached_tokens, @reasoning_tokens, @total_tokens, @cost, @estimated)
    ON CONFLICT (day, currency) DO UPDATE SET ${ADD_ONE_REQUEST}`);
  const sumFrom = db.prepare(`SELECT ${SUMS} FROM usage_day_totals WHERE day >= @from AND day <= @to`);
  const sumRun = db.prepare(`SELECT COUNT(*) AS requests, SUM(prompt_tokens) AS prompt_tokens,
    SUM(completion_tokens) AS completion_tokens, SUM(cached_tokens) AS cached_tokens,
    SUM(reasoning_tokens) AS reasoning_tokens, SUM(total_tokens) AS total_tokens,
    SUM(CASE WHEN currency = @currency THEN cost ELSE 0 END) AS cost, MAX(estimated) AS estimated
    FROM usage_requests WHERE task_id = @taskId AND at >= @from AND at <= @to`);
  const claim = db.prepare('INSERT OR IGNORE INTO usage_notices (period, budget, at) VALUES (?, ?, ?)');
  const groupedBy = (by: UsageGroupBy) =>
    db.prepare(
      `SELECT ${GROUP_COLUMN[by]} AS key, ${SUMS} FROM usage_days WHERE day >= @from AND day <= @to GROUP BY key`,
    );

  const write = db.transaction((entry: UsageEntry, at: Date) => {
    const row = {
      ...entry,
      at: at.getTime(),
      day: dayKey(at, zone()),
      estimated: entry.estimated ? 1 : 0,
      dayTask: entry.taskId ?? 0,
    };
    insertRequest.run(row);
    addToDay.run(row);
    addToTotal.run(row);
  });

  const periodStart = (period: BudgetPeriod) => {
    const now = clock.now();
    return period === 'day' ? dayKey(now, zone()) : `${monthKey(now, zone())}-01`;
  };

  return {
    record(entry) {
      write(entry, clock.now());
    },
    periodSum(period, currency) {
      const row = sumFrom.get({ from: periodStart(period), to: '9999', currency }) as SumRow | undefined;
      return toSum(row, currency);
    },
    report({ days, by, currency }) {
      const now = clock.now();
      const from = firstDayOf(now, days, zone());
      const params = { from, to: '9999', currency };
      const total = toSum(sumFrom.get(params) as SumRow | undefined, currency);
      const rows = by
        ? (groupedBy(by).all(params) as (SumRow & { key: string | number })[]).map((row) => ({
            key: by === 'task' ? (row.key === 0 ? '' : String(row.key)) : String(row.key),
            ...toSum(row, currency),
          }))
        : [];
      rows.sort((a, b) => b.cost - a.cost || b.total_tokens - a.total_tokens || a.key.localeCompare(b.key));
      return {
        from: isoWithOffset(startOfDay(from, zone()), zone()),
        to: isoWithOffset(now, zone()),
        total,
        rows,
      };
    },
    runSum(taskId, from, to, currency) {
      const row = sumRun.get({
        taskId,
        from: Date.parse(from),
        to: to ? Date.parse(to) : Number.MAX_SAFE_INTEGER,
        currency,
      }) as SumRow | undefined;
      return toSum(row, currency);
    },
    claimNotice(period, budget) {
      return claim.run(period, budget, clock.now().getTime()).changes > 0;
    },
    periodKey(period) {
      const now = clock.now();
      return period === 'day' ? dayKey(now, zone()) : monthKey(now, zone());
    },
  };
}
