/**
 * The days missed while the box was down: caught up on start and at each occurrence, oldest
 * first, each its own run, at most 7 days back, stopping at a used-up budget, never a day twice.
 * A real box's consolidator asks the fake LLM; the job runs on a fake clock and timers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lastOccurrence, owedDays } from '../../src/consolidation/catch-up.js';
import { nextRunAt, startDailyConsolidation } from '../../src/consolidation/daily-job.js';
import { createRunStore } from '../../src/consolidation/run-store.js';
import { silentLogger } from '../../src/log/logger.js';
import { addDays } from '../../src/usage/day-key.js';
import { tempDatabase } from '../helpers/test-database.js';
import { type Box, startBox } from '../server/harness.js';

const RUN_END = { tokens: 0, requests: 0, error: null, rejected: [], stats: {} as never };
const next = (after: Date) => nextRunAt('03:30', 'UTC', after);

describe('owed days', () => {
  it('counts from the newest finished run, at most 7 back, skipping finished days and not dry runs', async () => {
    const db = await tempDatabase('aibox-owed-');
    const runs = createRunStore(db, { now: () => new Date() });
    const at = new Date('2026-11-26T03:30:00Z');
    expect(owedDays(runs, at, 'UTC', false)).toEqual([]);
    expect(owedDays(runs, at, 'UTC', true)).toEqual(['2026-11-25']);
    const old = runs.start({ day: '2026-11-01', dryRun: false, startedBy: 'cli', maxTokens: 1 });
    runs.finish(old.id, { ...RUN_END, status: 'done' });
    expect(owedDays(runs, at, 'UTC', false)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    const dry = runs.start({ day: '2026-11-23', dryRun: true, startedBy: 'cli', maxTokens: 1 });
    runs.finish(dry.id, { ...RUN_END, status: 'done' });
    // Still running, in a live process (this one): not run twice.
    runs.start({ day: '2026-11-24', dryRun: false, startedBy: 'cli', maxTokens: 1 });
    const failed = runs.start({ day: '2026-11-21', dryRun: false, startedBy: 'schedule', maxTokens: 1 });
    runs.finish(failed.id, { ...RUN_END, status: 'failed' });
    expect(owedDays(runs, at, 'UTC', false)).toEqual(['2026-11-22', '2026-11-23', '2026-11-25']);
    expect(lastOccurrence(new Date('2026-11-26T03:29:59Z'), next)?.toISOString()).toBe(
      '2026-11-25T03:30:00.000Z',
    );
    expect(lastOccurrence(at, next)?.toISOString()).toBe(at.toISOString());
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

let box: Box | undefined;
afterEach(async () => {
  await box?.close();
  box = undefined;
});

describe('catching up', () => {
  it('runs the missed days oldest first on start, stops at the budget, and owes the rest at the next occurrence', async () => {
    box = await startBox({ config: { scheduler: { timezone: 'UTC' }, budget: { daily_tokens: 200 } } });
    const { app, llm } = box;
    app.config.memory.consolidate.enabled = true;
    const db = app.db;
    const days = ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];
    db.prepare(
      "INSERT INTO conversations (id, session_id, started_at, status) VALUES ('c1', 'main', '2026-11-20T00:00:00Z', 'active')",
    ).run();
    const insert = db.prepare(
      "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES ('c1', ?, 'user', ?, ?)",
    );
    for (const [i, day] of days.entries()) insert.run(i + 1, `What I said on ${day}`, `${day}T09:00:00Z`);
    const runs = app.consolidator.runs;
    const before = runs.start({ day: '2026-11-20', dryRun: false, startedBy: 'schedule', maxTokens: 1 });
    runs.finish(before.id, { ...RUN_END, status: 'done' });
    const dry = runs.start({ day: '2026-11-22', dryRun: true, startedBy: 'cli', maxTokens: 1 });
    runs.finish(dry.id, { ...RUN_END, status: 'done' });
    const usage = { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 };
    const said: string[] = [];
    const reply = () => (request: { body: { messages: { content: string }[] } }) => {
      const text = request.body.messages.map((m) => m.content).join('\n');
      said.push(/What I said on (\S+)/.exec(text)?.[1] ?? '?');
      return { text: JSON.stringify({ operations: [], journal: 'A day.' }), usage };
    };
    for (let i = 0; i < 10; i += 1) llm.script(reply());

    let now = new Date('2026-11-26T10:00:00Z');
    const pending: (() => void)[] = [];
    const job = startDailyConsolidation({
      consolidator: app.consolidator,
      config: () => app.config,
      clock: { now: () => now },
      lang: 'en',
      logger: silentLogger(),
      timers: { setTimeout: (fn: () => void) => pending.push(fn), clearTimeout: () => undefined },
    });
    await job.idle();
    // 100 tokens a run against a day's 200: two runs, then the budget says no.
    expect(said).toEqual(['2026-11-21', '2026-11-22']);
    const scheduled = () => runs.list(50).filter((r) => r.startedBy === 'schedule' && r.day > '2026-11-20');
    expect(scheduled().map((r) => [r.day, r.status, r.tokens, r.maxTokens])).toEqual([
      ['2026-11-22', 'done', 100, 20_000],
      ['2026-11-21', 'done', 100, 20_000],
    ]);
    expect(job.nextAt()?.toISOString()).toBe('2026-11-27T03:30:00.000Z');

    // The budget lifted; at the next occurrence the days still owed run, the done ones do not.
    app.config.budget.daily_tokens = 0;
    now = new Date('2026-11-27T03:30:00Z');
    pending.shift()?.();
    await job.idle();
    expect(said).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(scheduled().map((r) => r.day)).toEqual([
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
    // 2026-11-26 had no conversations: a run that asked nothing.
    expect(scheduled()[0]).toMatchObject({ status: 'done', requests: 0 });
    now = new Date('2026-11-27T04:30:00Z');
    pending.shift()?.();
    await job.idle();
    expect(llm.requests).toHaveLength(5);
    job.stop();
  });
});
