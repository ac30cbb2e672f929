/**
 * Caps below the budgets, on a real box: a task's own `max_tokens_per_run` ends its run (and wins
 * over `scheduler.max_tokens_per_run`), the model may only lower the config's cap, and the
 * summary that compresses older history is counted like any model round.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { tempHome } from '../helpers/cli.js';
import { type Box, connectReady, startBox } from '../server/harness.js';

const used = (total: number) => ({ prompt_tokens: total - 10, completion_tokens: 10, total_tokens: total });
const boxes: Box[] = [];

async function open(config: Record<string, unknown>, scheduler = false): Promise<Box> {
  const box = await startBox({ home: tempHome('aibox-task-caps-'), scheduler, config });
  boxes.push(box);
  return box;
}

afterEach(async () => {
  for (const box of boxes.splice(0)) await box.close();
});

const now = () => buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' });

describe("a task run's cap", () => {
  it("the task's own cap ends its run at the next round, over the config's", async () => {
    const box = await open({ scheduler: { enabled: true, max_tokens_per_run: 100_000 } }, true);
    box.llm.script(
      { toolCalls: [{ name: 'get_current_time', arguments: {} }], usage: used(300) },
      { text: 'never asked' },
    );
    const task = box.app.tasks.add({ title: 'small job', schedule: now(), maxTokensPerRun: 250 });
    box.app.scheduler?.wake();
    await expect.poll(() => box.app.tasks.runs(task.id)[0]?.status, { timeout: 20_000 }).toBe('failed');
    expect(box.app.tasks.runs(task.id)[0]?.error).toMatch(
      new RegExp(`^budget_exceeded: .*300 tokens.*250 \\(task #${task.id} max_tokens_per_run\\)`),
    );
    expect(box.llm.requests).toHaveLength(1);
    expect(box.app.tasks.get(task.id)?.maxTokensPerRun).toBe(250);
  });

  it('the model may set a cap below the config’s, never above it', async () => {
    const box = await open({ scheduler: { max_tokens_per_run: 1000 } });
    const add = (cap: number) => ({
      name: 'memo',
      arguments: { action: 'add', title: `capped ${cap}`, reminder_time: '+1d', max_tokens_per_run: cap },
    });
    box.llm.script({ toolCalls: [add(5000)] }, { toolCalls: [add(400)] }, { text: 'done' });
    const client = await connectReady(box.wsUrl);
    expect((await client.chat('add two tasks')).type).toBe('complete');
    client.close();
    const results = box.llm.requests
      .flatMap((r) => r.body.messages as { role: string; content: string }[])
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(
      results.some((c) => c.includes('can only be below the setting scheduler.max_tokens_per_run (1000)')),
    ).toBe(true);
    expect(box.app.tasks.list().map((t) => [t.title, t.maxTokensPerRun])).toEqual([['capped 400', 400]]);
  });
});

describe('compression', () => {
  it('the summary request is counted in the ledger, and not made while a budget is used up', async () => {
    const box = await open({ agent: { context_token_budget: 1000, keep_recent_messages: 2 } });
    const client = await connectReady(box.wsUrl);
    const long = (n: number) => `question ${n} ${'words and more words '.repeat(150)}`;
    for (let n = 1; n <= 2; n++) {
      box.llm.script({ text: `answer ${n}`, usage: used(100) });
      expect((await client.chat(long(n))).type).toBe('complete');
    }
    box.llm.script({ text: 'SUMMARY of 1', usage: used(777) }, { text: 'answer 3', usage: used(100) });
    expect((await client.chat(long(3))).type).toBe('complete');
    const summary = box.llm.requests.find((r) => r.body.stream !== true);
    expect(summary).toBeDefined();
    const total = box.app.usage.store.report({ days: 1, by: 'session', currency: 'USD' }).total;
    expect(total.total_tokens).toBe(100 + 100 + 777 + 100);

    // Used up: the turn is refused before any request, summary included.
    box.app.config.budget.daily_tokens = 1000;
    const before = box.llm.requests.length;
    expect(await client.chat(long(4))).toMatchObject({ type: 'error', code: 'budget_exceeded' });
    expect(box.llm.requests).toHaveLength(before);
    client.close();
  });
});
