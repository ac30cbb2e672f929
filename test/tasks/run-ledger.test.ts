import { describe, expect, it } from 'vitest';
import { createRunLedger } from '../../src/tasks/run-ledger.js';
import { createTaskStore } from '../../src/tasks/store.js';
import type { Schedule } from '../../src/tasks/types.js';
import { tempDatabase } from '../helpers/test-database.js';

async function setup() {
  let current = new Date('2026-11-30T10:00:00Z');
  const clock = { now: () => new Date(current.getTime()) };
  const db = await tempDatabase('aibox-run-ledger-');
  const tasks = createTaskStore({ db, clock, lang: 'en' });
  const completed: number[] = [];
  const ledger = createRunLedger({
    db,
    clock,
    lateAfterMs: 60_000,
    minIntervalMs: 60_000,
    onCompleted: (id) => completed.push(id),
  });
  const schedule = (kind: Schedule['kind'], start: string): Schedule => ({ kind, start, timezone: 'UTC' });
  return {
    tasks,
    ledger,
    completed,
    schedule,
    advance: (ms: number) => (current = new Date(current.getTime() + ms)),
  };
}

describe('run ledger', () => {
  it('claims an occurrence once: a second claim, here or by another instance, gets nothing', async () => {
    const { tasks, ledger, schedule } = await setup();
    const task = tasks.add({ title: 'daily', schedule: schedule('daily', '2026-11-30T10:00:00.000Z') });
    const occurrence = task.nextRunAt as string;
    const claimed = ledger.claim(task.id, occurrence, 'a');
    expect(claimed?.run).toMatchObject({
      taskId: task.id,
      occurrence,
      status: 'queued',
      late: false,
      instance: 'a',
    });
    expect(claimed?.task.nextRunAt).toBe('2026-12-01T10:00:00.000Z');
    expect(ledger.claim(task.id, occurrence, 'b')).toBeUndefined();
    expect(ledger.claim(task.id + 99, occurrence, 'a')).toBeUndefined();
  });

  it('marks a run late when claimed long after its occurrence; missed ones collapse into it', async () => {
    const { tasks, ledger, schedule, advance } = await setup();
    const task = tasks.add({ title: 'daily', schedule: schedule('daily', '2026-11-30T10:00:00.000Z') });
    advance(3 * 86_400_000 + 5_000);
    const claimed = ledger.claim(task.id, task.nextRunAt as string, 'a');
    expect(claimed?.run.late).toBe(true);
    expect(claimed?.task.nextRunAt).toBe('2026-12-04T10:00:00.000Z');
  });

  it("records how a run ended; a one-off's end completes its task", async () => {
    const { tasks, ledger, completed, schedule } = await setup();
    const once = tasks.add({ title: 'once', schedule: schedule('once', '2026-11-30T10:00:00.000Z') });
    const { run } = ledger.claim(once.id, once.nextRunAt as string, 'a') ?? { run: undefined };
    if (!run) throw new Error('not claimed');
    ledger.markRunning(run.id);
    expect(ledger.runs(once.id)[0]?.status).toBe('running');
    const ended = ledger.finishRun(run.id, {
      ok: false,
      error: 'llm_error: boom',
      denied: [{ tool: 'run_command', command: 'rm x', how: 'unattended' }],
    });
    expect(ended).toMatchObject({
      status: 'failed',
      error: 'llm_error: boom',
      denied: [{ tool: 'run_command' }],
    });
    expect(completed).toEqual([once.id]);
    expect(tasks.get(once.id)).toMatchObject({ status: 'completed', lastOutcome: 'failed' });
    expect(ledger.recentRuns(5).map((r) => r.id)).toEqual([run.id]);
  });

  it('a skipped run is neither complete nor failed and keeps its pre-check', async () => {
    const { tasks, ledger, schedule } = await setup();
    const task = tasks.add({ title: 'daily', schedule: schedule('daily', '2026-11-30T10:00:00.000Z') });
    const claimed = ledger.claim(task.id, task.nextRunAt as string, 'a');
    const preCheck = { outcome: 'failed' as const, exit: 1, line: 'fine', durationMs: 3 };
    const ended = ledger.finishRun(claimed?.run.id as number, { ok: true, skipped: true, preCheck });
    expect(ended).toMatchObject({ status: 'skipped', preCheck });
    expect(tasks.get(task.id)?.status).toBe('active');
  });

  it('runs left open by a dead instance are interrupted; a live one keeps its runs', async () => {
    const { tasks, ledger, schedule } = await setup();
    const a = tasks.add({ title: 'a', schedule: schedule('daily', '2026-11-30T10:00:00.000Z') });
    const b = tasks.add({ title: 'b', schedule: schedule('daily', '2026-11-30T10:00:00.000Z') });
    ledger.claim(a.id, a.nextRunAt as string, 'dead');
    ledger.claim(b.id, b.nextRunAt as string, 'alive');
    const interrupted = ledger.recoverInterrupted((instance) => instance === 'alive');
    expect(interrupted.map((r) => [r.taskId, r.status])).toEqual([[a.id, 'interrupted']]);
    expect(ledger.runs(b.id)[0]?.status).toBe('queued');
    expect(tasks.get(a.id)?.lastOutcome).toBe('interrupted');
  });
});
