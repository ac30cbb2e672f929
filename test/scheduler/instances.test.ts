import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../src/scheduler/scheduler.js';
import type { SchedulerEvent } from '../../src/scheduler/types.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import type { RunJobResult } from '../../src/tasks/types.js';
import { controllableJob, dbFile, FakeClock, FakeTimers, storeOn } from './harness.js';

const T0 = new Date('2026-11-30T10:00:00Z');

describe('crash, restart and two instances', () => {
  it('a run interrupted by a crash is marked interrupted on start and its occurrence is not run again', async () => {
    const clock = new FakeClock(T0);
    const path = await dbFile();
    const first = await storeOn(path, clock);
    const once = first.store.add({
      title: 'once',
      schedule: buildSchedule({ immediate: true }, { now: T0, lang: 'en' }),
    });
    const hourly = first.store.add({
      title: 'hourly',
      schedule: buildSchedule({ every: '1h', immediate: true }, { now: T0, lang: 'en' }),
    });
    const jobA = controllableJob();
    const a = createScheduler({
      store: first.store,
      runJob: jobA.runJob,
      clock,
      timers: new FakeTimers(),
      instanceId: 'host:1:a',
      maxConcurrentRuns: 2,
    });
    a.start();
    await jobA.nextCall(2); // both running … and the process "crashes": runs never finish
    first.db.close();

    clock.advance(10 * 60_000);
    const second = await storeOn(path, clock);
    const jobB = controllableJob();
    const events: SchedulerEvent[] = [];
    const b = createScheduler({
      store: second.store,
      runJob: jobB.runJob,
      clock,
      timers: new FakeTimers(),
      instanceId: 'host:2:b',
      isInstanceAlive: (id) => id === 'host:2:b',
    });
    b.onEvent((e) => events.push(e));
    b.start();
    expect(jobB.calls).toHaveLength(0); // not re-run
    expect(second.store.runs(once.id)[0]).toMatchObject({ status: 'interrupted' });
    expect(second.store.get(once.id)?.status).toBe('completed');
    expect(second.store.get(once.id)?.lastOutcome).toBe('interrupted');
    expect(second.store.get(hourly.id)).toMatchObject({
      status: 'active',
      nextRunAt: '2026-11-30T11:00:00.000Z',
    });
    expect(events.filter((e) => e.type === 'run_interrupted')).toHaveLength(2);
    await b.stop();
    second.db.close();
  });

  it('two schedulers on one database file never run an occurrence twice', async () => {
    const clock = new FakeClock(T0);
    const path = await dbFile();
    const one = await storeOn(path, clock);
    const two = await storeOn(path, clock);
    const ran: string[] = [];
    const job = async (task: { id: number }, run: { occurrence: string }): Promise<RunJobResult> => {
      ran.push(`${task.id}@${run.occurrence}`);
      await new Promise((resolve) => setImmediate(resolve));
      return { ok: true };
    };
    const timersA = new FakeTimers();
    const timersB = new FakeTimers();
    const common = { clock, maxConcurrentRuns: 4, isInstanceAlive: () => true };
    const a = createScheduler({ ...common, store: one.store, runJob: job, timers: timersA, instanceId: 'A' });
    const b = createScheduler({ ...common, store: two.store, runJob: job, timers: timersB, instanceId: 'B' });
    for (let i = 0; i < 20; i++) {
      one.store.add({
        title: `t${i}`,
        schedule: buildSchedule({ every: '1m', at: '+1m' }, { now: T0, lang: 'en' }),
      });
    }
    a.start();
    b.start();
    for (let minute = 0; minute < 5; minute++) {
      clock.advance(60_000);
      // Both wake for the same instant; B read the due list before A claimed.
      const seenByB = two.store.due(clock.now());
      expect(seenByB).toHaveLength(20);
      const [first, second] = minute % 2 === 0 ? [a, b] : [b, a];
      first.wake();
      second.wake();
      for (const task of seenByB) expect(two.store.claim(task.id, task.nextRunAt ?? '', 'B')).toBeUndefined();
      await Promise.all([a.idle(), b.idle()]);
    }
    expect(ran).toHaveLength(100);
    expect(new Set(ran).size).toBe(100);
    const instances = one.db
      .prepare('SELECT instance, count(*) AS n FROM task_runs GROUP BY instance')
      .all() as { instance: string; n: number }[];
    expect(instances.reduce((sum, r) => sum + r.n, 0)).toBe(100);
    expect(instances.map((r) => r.instance).sort()).toEqual(['A', 'B']);
    await a.stop();
    await b.stop();
    one.db.close();
    two.db.close();
  });
});
