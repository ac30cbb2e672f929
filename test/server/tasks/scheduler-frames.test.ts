/** The scheduler's domain events as the wire frames every client gets (docs/protocol.md, "Tasks"). */
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/i18n/lang.js';
import type { SchedulerFrame } from '../../../src/protocol/frames.js';
import { createScheduler } from '../../../src/scheduler/scheduler.js';
import type { SchedulerEvent } from '../../../src/scheduler/types.js';
import { schedulerFrame } from '../../../src/server/tasks/scheduler-frames.js';
import { buildSchedule } from '../../../src/tasks/build-schedule.js';
import type { RunJobResult } from '../../../src/tasks/types.js';
import { dbFile, FakeClock, FakeTimers, storeOn } from '../../scheduler/harness.js';

async function box(lang: Lang, job: (emit: (event: never) => void) => Promise<RunJobResult>) {
  const clock = new FakeClock(new Date('2026-11-30T10:00:00Z'));
  const { db, store } = await storeOn(await dbFile(), clock);
  const events: SchedulerEvent[] = [];
  const scheduler = createScheduler({
    store,
    clock,
    lang,
    timers: new FakeTimers(),
    instanceId: 'a',
    maxSleepMs: Number.POSITIVE_INFINITY,
    runJob: (_task, _run, emit) => job(emit as (event: never) => void),
  });
  scheduler.onEvent((event) => events.push(event));
  const frames = () => events.map((event) => schedulerFrame(event, lang)).filter(Boolean) as SchedulerFrame[];
  const schedule = (spec: Parameters<typeof buildSchedule>[0]) =>
    buildSchedule({ timezone: 'Asia/Shanghai', ...spec }, { now: clock.now(), lang });
  return { clock, db, store, scheduler, events, frames, schedule };
}

describe('scheduler events as frames', () => {
  it('a run: task_status executing, its output as task_process, its end as task_status', async () => {
    const b = await box('en', async (emit) => {
      const session = 'task-1';
      emit({ type: 'text_delta', session, turnId: 't', text: 'Wat' } as never);
      emit({
        type: 'tool_end',
        session,
        turnId: 't',
        name: 'w',
        callId: 'c',
        ok: false,
        content: 'x'.repeat(201),
      } as never);
      emit({ type: 'turn_start', session, turnId: 't', source: 'task', content: 'c' } as never);
      return { ok: true, answer: '  Watered.  ' };
    });
    b.scheduler.start();
    b.store.add({ title: 'water', schedule: b.schedule({ immediate: true }) });
    await b.scheduler.idle();
    const stamp = '2026-11-30T10:00:00+00:00';
    const process = { task_id: '1', execution_id: '1_1796032800000', task_title: 'water' };
    expect(b.frames().map((f) => JSON.stringify(f))).toEqual([
      JSON.stringify({
        type: 'task_status',
        task_id: 1,
        title: 'water',
        status: 'added',
        message: 'New task: water (once, immediately (Asia/Shanghai))',
        timestamp: stamp,
      }),
      JSON.stringify({
        type: 'task_status',
        task_id: 1,
        title: 'water',
        status: 'executing',
        message: '⚙️ Running task: water (ID: 1)',
        timestamp: stamp,
        run_id: 1,
        late: false,
      }),
      JSON.stringify({
        type: 'task_process',
        ...process,
        msg_type: 'chunk',
        content: 'Wat',
        is_new_execution: true,
        session: 'task-1',
        timestamp: stamp,
      }),
      JSON.stringify({
        type: 'task_process',
        ...process,
        msg_type: 'line',
        content: `❌ w: ${'x'.repeat(200)}…`,
        is_new_execution: false,
        session: 'task-1',
        timestamp: stamp,
      }),
      JSON.stringify({
        type: 'task_status',
        task_id: 1,
        title: 'water',
        status: 'completed',
        message: 'Task completed: water',
        timestamp: stamp,
      }),
      JSON.stringify({
        type: 'task_status',
        task_id: 1,
        title: 'water',
        status: 'complete',
        message: 'Watered.',
        timestamp: stamp,
        run_id: 1,
        late: false,
      }),
    ]);
    await b.scheduler.stop();
    b.db.close();
  });

  it('a job that throws: task_error, then task_status failed (in Chinese)', async () => {
    const b = await box('zh', async () => {
      throw new Error('no session');
    });
    b.store.add({ title: '浇水', schedule: b.schedule({ immediate: true }) });
    b.scheduler.start();
    await b.scheduler.idle();
    const frames = b.frames();
    const error = frames.find((f) => f.type === 'task_error');
    const failed = frames.at(-1);
    expect(error).toEqual({
      type: 'task_error',
      task_id: '1',
      execution_id: '1_1796032800000',
      task_title: '浇水',
      error: 'no session',
      timestamp: '2026-11-30T10:00:00+00:00',
    });
    expect(failed).toMatchObject({ status: 'failed', message: '任务执行失败: no session', run_id: 1 });
    await b.scheduler.stop();
    b.db.close();
  });

  it('a skipped run names its pre-check; a late one its due time; an interrupted one has no late', async () => {
    const b = await box('en', async () => ({
      ok: true,
      skipped: true,
      preCheck: { outcome: 'failed', exit: 1, line: 'disk fine', durationMs: 2 },
    }));
    const disk = b.store.add({
      title: 'disk',
      schedule: b.schedule({ every: 'daily', at: '2026-11-30 19:00' }),
    });
    b.clock.advance(3 * 86_400_000);
    b.scheduler.start();
    await b.scheduler.idle();
    const frames = b.frames();
    expect(frames.find((f) => f.type === 'task_status' && f.status === 'executing')).toMatchObject({
      message: '⚙️ Running missed task: disk (ID: 1, due 2026-11-30 19:00)',
      late: true,
    });
    expect(frames.at(-1)).toMatchObject({
      status: 'skipped',
      message: 'Task skipped this time (pre-check exited 1, no model call): disk — disk fine',
      late: true,
    });
    b.store.complete(disk.id); // a repeating task done for now: it advances
    expect(b.frames().at(-1)).toMatchObject({
      status: 'completed',
      message: 'Task done for now: disk; next at 2026-12-04 19:00',
    });
    await b.scheduler.stop();

    const lost = b.store.add({ title: 'lost', schedule: b.schedule({ immediate: true }) });
    b.store.claim(lost.id, b.store.get(lost.id)?.nextRunAt as string, 'gone');
    const again = createScheduler({
      store: b.store,
      clock: b.clock,
      timers: new FakeTimers(),
      runJob: async () => ({ ok: true }),
      isInstanceAlive: () => false,
    });
    const seen: SchedulerEvent[] = [];
    again.onEvent((event) => seen.push(event));
    again.start();
    const interrupted = seen
      .map((event) => schedulerFrame(event, 'en'))
      .find((f) => f?.type === 'task_status');
    expect(interrupted).toEqual({
      type: 'task_status',
      task_id: lost.id,
      title: 'lost',
      status: 'interrupted',
      message: 'Task was interrupted by a restart and is not run again: lost',
      timestamp: '2026-12-03T10:00:00+00:00',
      run_id: 2,
    });
    await again.stop();
    b.db.close();
  });

  it("a run's bookkeeping events (queued, turn_start, message, recalled, dialogue_reset) send nothing", async () => {
    const b = await box('en', async (emit) => {
      for (const type of ['queued', 'turn_start', 'dialogue_reset'])
        emit({ type, session: 'task-1', turnId: 't', source: 'task', content: '', position: 0 } as never);
      return { ok: true };
    });
    b.store.add({ title: 'quiet', schedule: b.schedule({ immediate: true }) });
    b.scheduler.start();
    await b.scheduler.idle();
    expect(b.events.filter((e) => e.type === 'run_output')).toHaveLength(3);
    expect(b.frames().filter((f) => f.type === 'task_process')).toEqual([]);
    await b.scheduler.stop();
    b.db.close();
  });
});
