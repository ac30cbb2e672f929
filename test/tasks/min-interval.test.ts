/**
 * Schedules have a floor (issue 9, finding 7): second-level cron expressions and
 * repeats more often than `scheduler.min_interval_s` are refused with a clear error,
 * from every entry point (here: buildSchedule, the memo tool, the `task` frame).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { openDatabase } from '../../src/store/database.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { createTaskStore } from '../../src/tasks/store.js';
import { createTaskTool } from '../../src/tools/memory/task.js';
import { tempHome } from '../helpers/cli.js';
import { toolContext } from '../helpers/tool-context.js';

const now = new Date('2026-11-30T10:00:00Z');
const base = { now, lang: 'en' as const, defaultTimezone: 'UTC' };

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('schedule floor', () => {
  it('refuses cron expressions that fire every second or every few seconds', () => {
    for (const cron of ['* * * * * *', '*/5 * * * * *', '0-30 * * * * *', '0,30 * * * * *']) {
      const r = refusal(() => buildSchedule({ cron }, { ...base, minIntervalS: 60 }));
      expect(r.code, cron).toBe('too_frequent');
      expect(r.message).toContain(cron);
      expect(r.message).toContain('60');
    }
  });

  it('accepts cron at most once a minute, and a 6-field cron with a fixed second', () => {
    expect(buildSchedule({ cron: '* * * * *' }, { ...base, minIntervalS: 60 }).kind).toBe('cron');
    expect(buildSchedule({ cron: '15 * * * * *' }, { ...base, minIntervalS: 60 }).kind).toBe('cron');
  });

  it('applies a configured floor above one minute to cron and intervals', () => {
    expect(refusal(() => buildSchedule({ cron: '*/2 * * * *' }, { ...base, minIntervalS: 300 })).code).toBe(
      'too_frequent',
    );
    expect(refusal(() => buildSchedule({ every: '2m' }, { ...base, minIntervalS: 300 })).code).toBe(
      'too_frequent',
    );
    expect(buildSchedule({ every: '5m' }, { ...base, minIntervalS: 300 }).kind).toBe('interval');
  });

  it('says so in Chinese too', () => {
    const r = refusal(() =>
      buildSchedule({ cron: '* * * * * *' }, { ...base, lang: 'zh', minIntervalS: 60 }),
    );
    expect(r.message).toMatch(/太频繁/);
  });

  it('runs a per-second cron stored before the check at most once per floor', async () => {
    const db = await openDatabase(join(tempHome('aibox-floor-'), 'memories.db'));
    let at = now;
    const tasks = createTaskStore({ db, clock: { now: () => at }, lang: 'en', minIntervalMs: 60_000 });
    const task = tasks.add({
      title: 'legacy spam',
      schedule: { kind: 'cron', cron: '* * * * * *', start: now.toISOString(), timezone: 'UTC' },
    });
    const first = Date.parse(task.nextRunAt ?? '');
    at = new Date(first);
    expect(tasks.claim(task.id, task.nextRunAt ?? '', 'test')).toBeDefined();
    const next = Date.parse(tasks.get(task.id)?.nextRunAt ?? '');
    expect(next - first).toBeGreaterThanOrEqual(60_000);
    db.close();
  });

  it('the memo tool refuses a per-second cron and stores nothing', async () => {
    const db = await openDatabase(join(tempHome('aibox-floor-'), 'memories.db'));
    const tasks = createTaskStore({ db, clock: { now: () => now }, lang: 'en' });
    const tool = createTaskTool({ tasks, lang: 'en', clock: { now: () => now }, defaultTimezone: 'UTC' });
    const result = await tool.execute(
      tool.parameters.parse({ action: 'add', title: 'spam', cron: '* * * * * *' }),
      toolContext(),
    );
    expect(result.ok).toBe(false);
    expect(result.content).toMatch(/too often/i);
    expect(tasks.list({ includeCompleted: true, includeDeleted: true })).toHaveLength(0);
    db.close();
  });
});
