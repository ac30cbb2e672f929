/**
 * The usage ledger on a real SQLite file: requests are summed per local day, reports group
 * them and give the JSON shape of `aibox usage --json`, costs use the cached price, budgets
 * refuse once used up and warn once at 80 % (also after the database is reopened).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import type { Usage } from '../../src/providers/types.js';
import { dayKey, startOfDay } from '../../src/usage/day-key.js';
import { reportJson } from '../../src/usage/format-report.js';
import { createUsageLedger } from '../../src/usage/ledger.js';
import { costOf } from '../../src/usage/prices.js';
import { createUsageStore } from '../../src/usage/usage-store.js';
import { tempHome } from '../helpers/cli.js';
import { openDatabaseForTest } from '../helpers/test-database.js';

const ORIGIN = { session: 'main', turnId: 't1', taskId: null, channel: 'web', model: 'deepseek-chat' };
const PRICE = { input: 2, cached_input: 0.2, output: 3, currency: 'CNY' };

function usage(prompt: number, completion: number, extra: Partial<Usage> = {}): Usage {
  return { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion, ...extra };
}

function configWith(budget: Partial<ReturnType<typeof defaultConfig>['budget']> = {}) {
  const config = defaultConfig();
  config.scheduler.timezone = 'Asia/Shanghai';
  config.budget = { ...config.budget, ...budget };
  return config;
}

async function ledgerAt(path: string, now: { value: Date }, config = configWith()) {
  const db = await openDatabaseForTest(path);
  const store = createUsageStore({ db, clock: { now: () => now.value }, timeZone: () => 'Asia/Shanghai' });
  const ledger = createUsageLedger({
    store,
    config: () => config,
    model: () => 'deepseek-chat',
    presetPrices: () => ({ 'deepseek-chat': PRICE }),
  });
  return { db, store, ledger };
}

describe('usage store and ledger', () => {
  it("counts the system zone's days as a zoneless Intl formatter does (without one)", () => {
    const before = process.env.TZ;
    try {
      for (const tz of ['America/New_York', 'Asia/Kathmandu']) {
        process.env.TZ = tz; // Node resets Date's and Intl's zone on this assignment
        const intl = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
        // Every 7 h 13 min for two years: each hour of the day, both sides of DST changes.
        for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 26_000_000 + 780_000) {
          const date = new Date(t);
          const key = dayKey(date);
          expect(key).toBe(intl.format(date));
          expect(startOfDay(key).getTime()).toBe(startOfDay(key, tz).getTime());
        }
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('prices cached prompt tokens at the cached price', () => {
    expect(costOf(usage(1_000_000, 1_000_000, { cachedTokens: 500_000 }), PRICE)).toBeCloseTo(
      0.5 * 2 + 0.5 * 0.2 + 3,
    );
    expect(costOf(usage(1000, 10), undefined)).toBe(0);
  });

  it('reports per local day and per group, in the JSON shape of aibox usage', async () => {
    const path = join(tempHome('aibox-usage-'), 'memories.db');
    // 23:30 in Shanghai on Dec 3 is 15:30 UTC: the request belongs to Dec 3 locally.
    const now = { value: new Date('2026-12-03T15:30:00Z') };
    const { ledger, store } = await ledgerAt(path, now);
    ledger.record(ORIGIN, usage(1000, 200, { cachedTokens: 400, reasoningTokens: 50 }));
    now.value = new Date('2026-12-04T02:00:00Z');
    ledger.record({ ...ORIGIN, session: 'task-3', taskId: 3, channel: 'task' }, usage(3000, 100));
    ledger.record({ ...ORIGIN, model: 'other-model' }, usage(10, 10, { estimated: true }));

    const today = store.periodSum('day', 'CNY');
    expect(today.total_tokens).toBe(3120);
    expect(today.estimated).toBe(true);

    const report = store.report({ days: 2, by: 'task', currency: 'CNY' });
    const json = reportJson(report, 'task');
    expect(Object.keys(json)).toEqual(['from', 'to', 'total'].concat('rows'));
    expect(json.from).toBe('2026-12-03T00:00:00+08:00');
    expect(json.to).toBe('2026-12-04T10:00:00+08:00');
    expect(Object.keys(json.total)).toEqual([
      'prompt_tokens',
      'completion_tokens',
      'cached_tokens',
      'reasoning_tokens',
      'total_tokens',
      'cost',
      'currency',
      'estimated',
    ]);
    expect(json.total).toMatchObject({
      prompt_tokens: 4010,
      completion_tokens: 310,
      cached_tokens: 400,
      reasoning_tokens: 50,
      total_tokens: 4320,
      currency: 'CNY',
      estimated: true,
    });
    // (600 × 2 + 400 × 0.2 + 200 × 3 + 3000 × 2 + 100 × 3) / 1e6; the unpriced model costs nothing.
    expect(json.total.cost).toBeCloseTo(0.00818, 8);
    expect(json.rows).toEqual([
      expect.objectContaining({ task: 3, total_tokens: 3100, cost: 0.0063 }),
      expect.objectContaining({ task: null, total_tokens: 1220, estimated: true }),
    ]);
    expect(store.report({ days: 1, by: 'model', currency: 'CNY' }).total.total_tokens).toBe(3120);
  });

  it('refuses once a budget is used up and warns once at 80 %, also after a restart', async () => {
    const path = join(tempHome('aibox-budget-'), 'memories.db');
    const now = { value: new Date('2026-12-04T02:00:00Z') };
    const config = configWith({ daily_tokens: 1000 });
    const first = await ledgerAt(path, now, config);
    first.ledger.record(ORIGIN, usage(700, 100));
    expect(first.ledger.refusal('en')).toBeUndefined();
    expect(first.ledger.takeWarnings('en')).toEqual([expect.stringContaining('budget.daily_tokens')]);
    expect(first.ledger.takeWarnings('en')).toEqual([]);
    first.db.close();

    const second = await ledgerAt(path, now, config);
    expect(second.ledger.takeWarnings('zh')).toEqual([]);
    second.ledger.record(ORIGIN, usage(150, 100));
    expect(second.ledger.refusal('en')).toMatch(
      /token budget for today is used up: 1,050 of 1,000.*budget\.daily_tokens/,
    );
    expect(second.ledger.refusal('zh')).toMatch(/今天的 token 预算已用完/);
    // The next local day starts afresh.
    now.value = new Date('2026-12-04T16:00:01Z');
    expect(second.ledger.refusal('en')).toBeUndefined();
  });
});
