/**
 * The days missed while the box was down: caught up on start and at each occurrence, oldest
 * first, each its own run, at most 7 days back, stopping at a used-up budget, never a day twice.
 * A real box's consolidator asks the fake LLM; the job runs on a fake clock and timers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lastOccurrence, owedDays } from '../../src/consolidation/catch-up.js';
import { nextRunAt, startDailyConsolidation } from '../../src/consolidation/daily-job.js';
import { createRunStore, type RunStore } from '../../src/consolidation/run-store.js';
import type { RunStatus, StartedBy } from '../../src/consolidation/types.js';
import { silentLogger } from '../../src/log/logger.js';
import { addDays } from '../../src/usage/day-key.js';
import { tempDatabase } from '../helpers/test-database.js';
import { type Box, startBox } from '../server/harness.js';

const RUN_END = { tokens: 0, requests: 0, error: null, rejected: [], stats: {} as never };
const next = (after: Date) => nextRunAt('03:30', 'UTC', after);

/** A run of `day` that ended before (by hand and done, unless said). */
function ran(
  runs: RunStore,
  day: string,
  how: { dryRun?: boolean; startedBy?: StartedBy; status?: RunStatus } = {},
) {
  const run = runs.start({
    day,
    dryRun: how.dryRun ?? false,
    startedBy: how.startedBy ?? 'cli',
    maxTokens: 1,
  });
  runs.finish(run.id, { ...RUN_END, status: how.status ?? 'done' });
}

describe('owed days', () => {
  it('counts from the oldest finished run, at most 7 back, skipping finished days and not dry runs', async () => {
    const db = await tempDatabase('aibox-owed-');
    const runs = createRunStore(db, { now: () => new Date() });
    const at = new Date('2026-11-26T03:30:00Z');
    expect(owedDays(runs, at, 'UTC', false)).toEqual([]);
    expect(owedDays(runs, at, 'UTC', true)).toEqual(['2026-11-25']);
    ran(runs, '2026-11-01');
    expect(owedDays(runs, at, 'UTC', false)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
    ran(runs, '2026-11-23', { dryRun: true });
    // Still running, in a live process (this one): not run twice.
    runs.start({ day: '2026-11-24', dryRun: false, startedBy: 'cli', maxTokens: 1 });
    ran(runs, '2026-11-21', { startedBy: 'schedule', status: 'failed' });
    // Days before a later finished one are owed all the same.
    expect(owedDays(runs, at, 'UTC', false)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-22',
      '2026-11-23',
      '2026-11-25',
    ]);
    expect(lastOccurrence(new Date('2026-11-26T03:29:59Z'), next)?.toISOString()).toBe(
      '2026-11-25T03:30:00.000Z',
    );
    expect(lastOccurrence(at, next)?.toISOString()).toBe(at.toISOString());
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('owes nothing before the first finished run, and a day missed before a later run', async () => {
    const db = await tempDatabase('aibox-owed-first-');
    const runs = createRunStore(db, { now: () => new Date() });
    const at = new Date('2026-11-26T03:30:00Z');
    ran(runs, '2026-11-22');
    ran(runs, '2026-11-24');
    expect(owedDays(runs, at, 'UTC', false)).toEqual(['2026-11-23', '2026-11-25']);
    expect(owedDays(runs, at, 'UTC', true)).toEqual(['2026-11-23', '2026-11-25']);
  });
});

let box: Box | undefined;
afterEach(async () => {
  await box?.close();
  box = undefined;
});

/** Messages on each day (`What I said on DAY`, then `extra` lines), and a finished run of 2026-11-20. */
function seed(app: Box['app'], days: string[], extra: Record<string, string[]> = {}) {
  const db = app.db;
  db.prepare(
    "INSERT INTO conversations (id, session_id, started_at, status) VALUES ('c1', 'main', '2026-11-20T00:00:00Z', 'active')",
  ).run();
  const insert = db.prepare(
    "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES ('c1', ?, 'user', ?, ?)",
  );
  const lines = days.flatMap((day) =>
    [`What I said on ${day}`, ...(extra[day] ?? [])].map((text) => ({ day, text })),
  );
  for (const [i, { day, text }] of lines.entries()) insert.run(i + 1, text, `${day}T09:00:00Z`);
  ran(app.consolidator.runs, '2026-11-20', { startedBy: 'schedule' });
}

/** The day each request read (its first `What I said on DAY`). */
function replies(
  said: string[],
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number },
) {
  return (request: { body: { messages: { content: string }[] } }) => {
    const text = request.body.messages.map((m) => m.content).join('\n');
    said.push(/What I said on (\S+)/.exec(text)?.[1] ?? '?');
    return { text: JSON.stringify({ operations: [], journal: 'A day.' }), usage };
  };
}

/** The fake LLM answers `n` requests of 100 tokens each; the days they read. */
function answerSmall(llm: Box['llm'], n: number): string[] {
  const said: string[] = [];
  const reply = replies(said, { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 });
  for (let i = 0; i < n; i += 1) llm.script(reply);
  return said;
}

/** The daily job on `app`'s consolidator, with a clock the test moves and timers it fires. */
function startJob(app: Box['app'], start: Date) {
  const clock = { at: start, now: () => clock.at };
  const pending: (() => void)[] = [];
  const job = startDailyConsolidation({
    consolidator: app.consolidator,
    config: () => app.config,
    clock,
    lang: 'en',
    logger: silentLogger(),
    timers: { setTimeout: (fn: () => void) => pending.push(fn), clearTimeout: () => undefined },
  });
  const fireAt = async (at: string) => {
    clock.at = new Date(at);
    pending.shift()?.();
    await job.idle();
  };
  return { job, fireAt };
}

const scheduled = (app: Box['app']) =>
  app.consolidator.runs.list(50).filter((r) => r.startedBy === 'schedule' && r.day > '2026-11-20');

describe('catching up', () => {
  it('runs the missed days oldest first on start, stops at the budget, and owes the rest at the next occurrence', async () => {
    box = await startBox({ config: { scheduler: { timezone: 'UTC' }, budget: { daily_tokens: 200 } } });
    const { app, llm } = box;
    app.config.memory.consolidate.enabled = true;
    seed(app, ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    ran(app.consolidator.runs, '2026-11-22', { dryRun: true });
    const said = answerSmall(llm, 10);

    const { job, fireAt } = startJob(app, new Date('2026-11-26T10:00:00Z'));
    await job.idle();
    // 100 tokens a run against a day's 200: two runs, then the budget says no.
    expect(said).toEqual(['2026-11-21', '2026-11-22']);
    expect(scheduled(app).map((r) => [r.day, r.status, r.tokens, r.maxTokens])).toEqual([
      ['2026-11-22', 'done', 100, 20_000],
      ['2026-11-21', 'done', 100, 20_000],
    ]);
    expect(job.nextAt()?.toISOString()).toBe('2026-11-27T03:30:00.000Z');

    // The budget lifted; at the next occurrence the days still owed run, the done ones do not.
    app.config.budget.daily_tokens = 0;
    await fireAt('2026-11-27T03:30:00Z');
    expect(said).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']);
    expect(scheduled(app).map((r) => r.day)).toEqual([
      '2026-11-26',
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
    // 2026-11-26 had no conversations: a run that asked nothing.
    expect(scheduled(app)[0]).toMatchObject({ status: 'done', requests: 0 });
    await fireAt('2026-11-27T04:30:00Z');
    expect(llm.requests).toHaveLength(5);
    job.stop();
  });

  it('catches up a day missed before a later day ran, once, oldest first', async () => {
    box = await startBox({ config: { scheduler: { timezone: 'UTC' } } });
    const { app, llm } = box;
    app.config.memory.consolidate.enabled = true;
    // 2026-11-20 ran (seed); the box was off for 2026-11-21; 2026-11-22 was run by hand.
    seed(app, ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    ran(app.consolidator.runs, '2026-11-22');
    const said = answerSmall(llm, 5);

    const { job, fireAt } = startJob(app, new Date('2026-11-24T10:00:00Z'));
    await job.idle();
    expect(said).toEqual(['2026-11-21', '2026-11-23']);
    await fireAt('2026-11-25T03:30:00Z');
    await fireAt('2026-11-26T03:30:00Z');
    expect(said).toEqual(['2026-11-21', '2026-11-23', '2026-11-24']);
    // One run a day, 2026-11-20 to 2026-11-25 (the last one's day had nothing to read).
    const days = app.consolidator.runs.list(50).map((r) => r.day);
    expect(days.sort()).toEqual(Array.from({ length: 6 }, (_, i) => addDays('2026-11-20', i)));
    job.stop();
  });

  it('goes on after a day capped at its own max_tokens, stops at a failed run, and never asks the failed day again', async () => {
    box = await startBox({ config: { scheduler: { timezone: 'UTC' } } });
    const { app, llm } = box;
    app.config.memory.consolidate.enabled = true;
    // 2026-11-21 is two parts (more than 12,000 characters): its first answer uses up its cap.
    const long = Array.from({ length: 7 }, (_, i) => `${i} ${'words of a long day '.repeat(95)}`);
    seed(app, ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'], { '2026-11-21': long });
    const said: string[] = [];
    llm.script(replies(said, { prompt_tokens: 19_000, completion_tokens: 500, total_tokens: 19_500 }));
    llm.script(replies(said, { prompt_tokens: 90, completion_tokens: 10, total_tokens: 100 }));
    llm.script({ status: 500, message: 'the model is down' });

    const { job, fireAt } = startJob(app, new Date('2026-11-25T10:00:00Z'));
    await job.idle();
    expect(said).toEqual(['2026-11-21', '2026-11-22']);
    expect(scheduled(app).map((r) => [r.day, r.status, r.requests])).toEqual([
      ['2026-11-23', 'failed', 0],
      ['2026-11-22', 'done', 1],
      ['2026-11-21', 'capped', 1],
    ]);
    expect(scheduled(app)[2]?.error).toContain('1 of 2');
    expect(llm.requests).toHaveLength(3);

    // At the next occurrence: 2026-11-24 (still owed) and the occurrence's own day, not 2026-11-23.
    await fireAt('2026-11-26T03:30:00Z');
    expect(scheduled(app).map((r) => r.day)).toEqual([
      '2026-11-25',
      '2026-11-24',
      '2026-11-23',
      '2026-11-22',
      '2026-11-21',
    ]);
    expect(llm.requests).toHaveLength(4);
    job.stop();
  });
});
