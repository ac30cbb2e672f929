/** The daily consolidation's timer: due at `time` local, read live, one run per occurrence, never in a loop. */
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import type { Consolidator } from '../../src/consolidation/consolidate.js';
import { nextRunAt, startDailyConsolidation } from '../../src/consolidation/daily-job.js';
import { createRunStore } from '../../src/consolidation/run-store.js';
import { silentLogger } from '../../src/log/logger.js';
import { tempDatabase } from '../helpers/test-database.js';

describe('daily consolidation', () => {
  it('finds the next HH:MM in the zone', () => {
    const after = new Date('2026-12-07T00:00:00Z');
    expect(nextRunAt('03:30', 'Asia/Shanghai', after)?.toISOString()).toBe('2026-12-07T19:30:00.000Z');
    expect(nextRunAt('03:30', 'UTC', after)?.toISOString()).toBe('2026-12-07T03:30:00.000Z');
  });

  it('runs once when due, only while enabled, re-reading the config; marks runs a dead process left', async () => {
    const db = await tempDatabase('aibox-daily-');
    let now = new Date('2026-12-07T03:29:00Z');
    const clock = { now: () => now };
    const runs = createRunStore(db, clock);
    runs.start({ day: '2026-12-05', dryRun: false, startedBy: 'schedule', maxTokens: 100 });
    // Recorded with no owner (as before owners were): its process is taken as gone.
    db.prepare("UPDATE memory_runs SET stats = '{}'").run();
    const calls: string[] = [];
    const consolidator: Consolidator = {
      runs,
      run: async (options) => {
        calls.push(options.startedBy);
        return { run: runs.list(1)[0] as never, changes: [] };
      },
      undo: () => ({ ok: false, code: 'not_found', message: '' }),
      budgetRefusal: () => undefined,
    };
    const config = defaultConfig();
    config.scheduler.timezone = 'UTC';
    const pending: { fn: () => void; ms: number }[] = [];
    const timers = {
      setTimeout: (fn: () => void, ms: number) => pending.push({ fn, ms }),
      clearTimeout: () => undefined,
    };
    const fire = () => pending.shift()?.fn();
    const job = startDailyConsolidation({
      consolidator,
      config: () => config,
      clock,
      lang: 'en',
      logger: silentLogger(),
      timers,
    });
    expect(runs.list(1)[0]).toMatchObject({ status: 'failed', error: 'the process stopped while it ran' });
    expect(job.nextAt()).toBeNull();
    expect(pending[0]?.ms).toBe(60_000);

    config.memory.consolidate.enabled = true;
    fire();
    expect(job.nextAt()?.toISOString()).toBe('2026-12-07T03:30:00.000Z');
    expect(pending.at(-1)?.ms).toBe(60_000);
    now = new Date('2026-12-07T03:30:00Z');
    fire();
    await job.idle();
    expect(calls).toEqual(['schedule']);
    expect(job.nextAt()?.toISOString()).toBe('2026-12-08T03:30:00.000Z');
    // The next tick is not a second run the same day.
    fire();
    await job.idle();
    expect(calls).toHaveLength(1);
    config.memory.consolidate.time = '23:00';
    fire();
    expect(job.nextAt()?.toISOString()).toBe('2026-12-07T23:00:00.000Z');
    job.stop();
  });
});
