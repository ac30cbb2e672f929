import { describe, expect, it } from 'vitest';
import { createScheduler, MAX_TIMER_MS } from '../../src/scheduler/scheduler.js';
import type { SchedulerEvent } from '../../src/scheduler/types.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { controllableJob, dbFile, FakeClock, FakeTimers, storeOn } from './harness.js';

const T0 = new Date('2026-11-30T10:00:00Z');
const spec = (s: Parameters<typeof buildSchedule>[0], clock: FakeClock) =>
  buildSchedule({ timezone: 'UTC', ...s }, { now: clock.now(), lang: 'en' });

async function setup(options: { maxSleepMs?: number; maxConcurrentRuns?: number } = {}) {
  const clock = new FakeClock(T0);
  const timers = new FakeTimers();
  const path = await dbFile();
  const { db, store } = await storeOn(path, clock);
  const job = controllableJob();
  const events: SchedulerEvent[] = [];
  const scheduler = createScheduler({
    store,
    runJob: job.runJob,
    clock,
    timers,
    lang: 'en',
    instanceId: 'a',
    maxSleepMs: options.maxSleepMs ?? Number.POSITIVE_INFINITY,
    maxConcurrentRuns: options.maxConcurrentRuns,
  });
  scheduler.onEvent((e) => events.push(e));
  return { clock, timers, path, db, store, job, events, scheduler };
}

describe('scheduler timing', () => {
  it('sleeps until the next due time and is woken by add and delete', async () => {
    const { clock, timers, store, scheduler } = await setup();
    scheduler.start();
    expect(timers.lastDelay).toBe(MAX_TIMER_MS); // nothing scheduled: longest sleep
    store.add({ title: 'later', schedule: spec({ at: '+10m' }, clock) });
    expect(timers.pending).toHaveLength(1);
    expect(timers.lastDelay).toBe(600_000);
    const soon = store.add({ title: 'sooner', schedule: spec({ at: '+1m' }, clock) });
    expect(timers.lastDelay).toBe(60_000);
    expect(scheduler.nextWakeAt()?.toISOString()).toBe('2026-11-30T10:01:00.000Z');
    store.delete(soon.id);
    expect(timers.lastDelay).toBe(600_000);
    // Beyond setTimeout's ~24.8-day limit: sleeps in steps.
    const far = store.add({ title: 'far', schedule: spec({ at: '+40d' }, clock) });
    store.delete(store.list()[0]?.id ?? 0);
    expect(store.list().map((t) => t.id)).toEqual([far.id]);
    expect(timers.lastDelay).toBe(MAX_TIMER_MS);
    await scheduler.stop();
    expect(timers.pending).toHaveLength(0);
  });

  it('caps the sleep so changes by other processes are seen (maxSleepMs)', async () => {
    const { clock, timers, store, scheduler } = await setup({ maxSleepMs: 60_000 });
    store.add({ title: 'later', schedule: spec({ at: '+1d' }, clock) });
    scheduler.start();
    expect(timers.lastDelay).toBe(60_000);
    await scheduler.stop();
  });
});

describe('scheduler runs', () => {
  it('runs a due task once, records it, and broadcasts its events', async () => {
    const { clock, timers, store, job, events, scheduler } = await setup();
    const task = store.add({
      title: 'water',
      content: 'water the plants',
      schedule: spec({ at: '+5m' }, clock),
    });
    scheduler.start();
    clock.advance(300_000);
    timers.fire();
    await job.nextCall(1);
    expect(job.calls[0]?.task.id).toBe(task.id);
    expect(store.runs(task.id)[0]?.status).toBe('running');
    job.calls[0]?.finish({ ok: true, answer: 'done watering' });
    await scheduler.idle();
    const [run] = store.runs(task.id);
    expect(run).toMatchObject({
      status: 'complete',
      answer: 'done watering',
      late: false,
      occurrence: '2026-11-30T10:05:00.000Z',
    });
    expect(store.get(task.id)?.status).toBe('completed');
    const told = events.map((e) => (e.type === 'task_changed' ? e.change.kind : e.type));
    expect(told).toEqual(['run_started', 'completed', 'run_ended']);
    expect(events.at(-1)).toMatchObject({
      task: { id: task.id },
      outcome: { ok: true, answer: 'done watering' },
      at: clock.now(),
    });
    expect(job.calls).toHaveLength(1);
    await scheduler.stop();
  });

  it('an immediate repeating task runs now, then on its schedule, never in a loop', async () => {
    const { clock, timers, store, job, scheduler } = await setup();
    scheduler.start();
    const task = store.add({ title: 'ping', schedule: spec({ every: '1h', immediate: true }, clock) });
    await job.nextCall(1);
    job.calls[0]?.finish({ ok: true, answer: 'pong' });
    await scheduler.idle();
    expect(job.calls).toHaveLength(1);
    expect(store.get(task.id)?.nextRunAt).toBe('2026-11-30T11:00:00.000Z');
    expect(timers.lastDelay).toBe(3_600_000);
    timers.fire(); // a spurious early wake runs nothing
    expect(job.calls).toHaveLength(1);
    await scheduler.stop();
  });

  it('runs occurrences missed while down once, marked late, then continues on schedule', async () => {
    const { clock, store, job, scheduler } = await setup();
    const task = store.add({
      title: 'report',
      schedule: spec({ every: 'daily', at: '2026-11-30 12:00' }, clock),
    });
    clock.advance(5 * 86_400_000); // down for five days
    scheduler.start();
    await job.nextCall(1);
    expect(job.calls[0]?.run.late).toBe(true);
    job.calls[0]?.finish({ ok: true });
    await scheduler.idle();
    expect(job.calls).toHaveLength(1);
    expect(store.runs(task.id)).toHaveLength(1);
    expect(store.get(task.id)?.nextRunAt).toBe('2026-12-05T12:00:00.000Z');
    await scheduler.stop();
  });

  it('queues runs: at most maxConcurrentRuns at once', async () => {
    const { clock, store, job, scheduler } = await setup({ maxConcurrentRuns: 2 });
    for (const title of ['a', 'b', 'c']) store.add({ title, schedule: spec({ at: '+1m' }, clock) });
    clock.advance(60_000);
    scheduler.start();
    await job.nextCall(2);
    expect(scheduler.activeRuns).toBe(2);
    expect(job.calls).toHaveLength(2);
    job.calls[0]?.finish({ ok: true });
    await job.nextCall(3);
    job.calls[1]?.finish({ ok: false, error: 'llm_error: boom' });
    job.calls[2]?.finish({ ok: true });
    await scheduler.idle();
    expect(store.stats()).toMatchObject({ total: 3, completed: 3, runs: 3, failedRuns: 1 });
    await scheduler.stop();
  });

  it('a throwing runJob gives task_error and a failed run', async () => {
    const { clock, store, events, db } = await setup();
    const { createScheduler: make } = await import('../../src/scheduler/scheduler.js');
    const s = make({
      store,
      clock,
      timers: new (await import('./harness.js')).FakeTimers(),
      lang: 'en',
      runJob: async () => {
        throw new Error('no session');
      },
    });
    s.onEvent((e) => events.push(e));
    const task = store.add({ title: 'x', schedule: spec({ immediate: true }, clock) });
    s.start();
    await s.idle();
    expect(events.find((e) => e.type === 'run_error')).toMatchObject({
      task: { id: task.id },
      error: 'no session',
    });
    expect(events.at(-1)).toMatchObject({ type: 'run_ended', outcome: { ok: false, error: 'no session' } });
    expect(store.runs(task.id)[0]).toMatchObject({ status: 'failed', error: 'no session' });
    await s.stop();
    db.close();
  });
});
