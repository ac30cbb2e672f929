import type { Migration } from '../migration.js';

/**
 * What the models cost (docs/usage-and-budgets.md): one row per model request, per-day sums
 * of the same by origin (for reports), and per-day totals (for budget checks: a month is at
 * most 31 rows), all kept in the one transaction that records a request. `day` is the box's local day (`scheduler.timezone`).
 * `usage_notices` remembers which 80 % warnings were given, so each is given once per period.
 */
export const usageMigration: Migration = {
  version: 8,
  name: 'usage',
  up(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS usage_requests (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        day TEXT NOT NULL,
        session TEXT NOT NULL,
        turn_id TEXT NOT NULL DEFAULT '',
        task_id INTEGER,
        channel TEXT NOT NULL,
        model TEXT NOT NULL,
        prompt_tokens INTEGER NOT NULL,
        completion_tokens INTEGER NOT NULL,
        cached_tokens INTEGER NOT NULL,
        reasoning_tokens INTEGER NOT NULL,
        total_tokens INTEGER NOT NULL,
        cost REAL NOT NULL,
        currency TEXT NOT NULL,
        estimated INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS usage_requests_at ON usage_requests(at);
      CREATE INDEX IF NOT EXISTS usage_requests_task ON usage_requests(task_id, at) WHERE task_id IS NOT NULL;
      CREATE TABLE IF NOT EXISTS usage_days (
        day TEXT NOT NULL,
        session TEXT NOT NULL,
        task_id INTEGER NOT NULL,
        channel TEXT NOT NULL,
        model TEXT NOT NULL,
        currency TEXT NOT NULL,
        requests INTEGER NOT NULL,
        prompt_tokens INTEGER NOT NULL,
        completion_tokens INTEGER NOT NULL,
        cached_tokens INTEGER NOT NULL,
        reasoning_tokens INTEGER NOT NULL,
        total_tokens INTEGER NOT NULL,
        cost REAL NOT NULL,
        estimated INTEGER NOT NULL,
        PRIMARY KEY (day, session, task_id, channel, model, currency)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS usage_day_totals (
        day TEXT NOT NULL,
        currency TEXT NOT NULL,
        requests INTEGER NOT NULL,
        prompt_tokens INTEGER NOT NULL,
        completion_tokens INTEGER NOT NULL,
        cached_tokens INTEGER NOT NULL,
        reasoning_tokens INTEGER NOT NULL,
        total_tokens INTEGER NOT NULL,
        cost REAL NOT NULL,
        estimated INTEGER NOT NULL,
        PRIMARY KEY (day, currency)
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS usage_notices (
        period TEXT NOT NULL,
        budget TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (period, budget)
      ) WITHOUT ROWID;
    `);
  },
};
