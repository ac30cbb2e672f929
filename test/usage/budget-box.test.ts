/**
 * Budgets on a real box: the 80 % warning comes once (an `info` frame), a turn running when the
 * budget is used up ends at its next model round with `budget_exceeded`, new turns are refused
 * without calling the model (WebSocket error frame, `/v1` 429 through the openai SDK), a
 * scheduled run is skipped with the reason in its run record, the refusal holds across a
 * restart, and `/budget` raising the cap lets turns run again at once.
 */
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { tempHome } from '../helpers/cli.js';
import { type Box, connectReady, startBox, type TestClient } from '../server/harness.js';

const TOKEN = 'budget-test-token';
const used = (total: number) => ({ prompt_tokens: total - 10, completion_tokens: 10, total_tokens: total });
const opened: { box?: Box; ws?: TestClient }[] = [];

async function open(home: string, budget: Record<string, number>, scheduler = false) {
  const box = await startBox({
    home,
    scheduler,
    config: { budget, server: { openai_api: true, token: TOKEN } },
  });
  const ws = await connectReady(box.wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
  opened.push({ box, ws });
  return { box, ws };
}

afterEach(async () => {
  for (const { box, ws } of opened.splice(0)) {
    ws?.close();
    await box?.close();
  }
});

describe('budgets', () => {
  it('warn once, stop a running turn at its next round, refuse new turns, hold across a restart', async () => {
    const home = tempHome('aibox-budget-box-');
    const first = await open(home, { daily_tokens: 1000 });
    first.box.llm.script({ text: 'one', usage: used(850) });
    const from = first.ws.frames.length;
    expect((await first.ws.chat('first')).type).toBe('complete');
    const warning = await first.ws.waitFor((f) => f.type === 'info', { from });
    expect(String(warning.content)).toMatch(/past 80 % of the budget \(budget\.daily_tokens\)/);

    // A tool round passes the budget: the turn ends before its next model round.
    first.box.llm.script({ toolCalls: [{ name: 'get_current_time', arguments: {} }], usage: used(200) });
    const before = first.box.llm.requests.length;
    const stopped = await first.ws.chat('second');
    expect(stopped).toMatchObject({ type: 'error', code: 'budget_exceeded' });
    expect(String(stopped.content ?? stopped.message)).toMatch(/1,050 of 1,000/);
    expect(first.box.llm.requests.length).toBe(before + 1);
    expect(first.ws.frames.slice(from).filter((f) => f.type === 'info')).toHaveLength(1);

    // A new turn is refused without asking the model; so is a /v1 request (429, OpenAI's shape).
    expect(await first.ws.chat('third')).toMatchObject({ type: 'error', code: 'budget_exceeded' });
    const client = new OpenAI({ apiKey: TOKEN, baseURL: `${first.box.server.url}/v1`, maxRetries: 0 });
    const refused = await client.chat.completions
      .create({ model: 'aibox', messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(429);
    expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('budget_exceeded');
    expect(first.box.llm.requests.length).toBe(before + 1);
    opened.splice(0);
    first.ws.close();
    await first.box.close();

    // After a restart the day's usage is still there; a scheduled run is skipped, saying why.
    const second = await open(home, { daily_tokens: 1000 }, true);
    expect(await second.ws.chat('after restart')).toMatchObject({ type: 'error', code: 'budget_exceeded' });
    const task = second.box.app.tasks.add({
      title: 'nightly report',
      schedule: buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' }),
    });
    second.box.app.scheduler?.wake();
    await expect
      .poll(() => second.box.app.tasks.runs(task.id)[0]?.status, { timeout: 10_000 })
      .toBe('failed');
    expect(second.box.app.tasks.runs(task.id)[0]?.error).toMatch(
      /^budget_exceeded: Run skipped: .*daily_tokens/,
    );
    expect(second.box.llm.requests).toHaveLength(0);

    // /budget shows the budget and raises it; the next turn runs.
    second.ws.send({ type: 'command', command: '/budget', id: 1 });
    const shown = await second.ws.waitFor((f) => f.type === 'command_result' && f.id === 1);
    expect(String(shown.content)).toMatch(/budget\.daily_tokens: 1,050 used of 1,000/);
    second.ws.send({ type: 'command', command: '/budget daily_tokens 5000', id: 2 });
    const set = await second.ws.waitFor((f) => f.type === 'command_result' && f.id === 2);
    expect(String(set.content)).toMatch(/budget\.daily_tokens = 5000/);
    second.box.llm.script({ text: 'back', usage: used(100) });
    expect(await second.ws.chat('raised')).toMatchObject({ type: 'complete', content: 'back' });
    second.ws.send({ type: 'command', command: '/budget daily_tokens -3', id: 3 });
    const bad = await second.ws.waitFor((f) => f.type === 'command_result' && f.id === 3);
    expect(String(bad.content)).toMatch(/^Not set/);
  });

  it('ends a turn past agent.max_tokens_per_turn at its next round', async () => {
    const { box, ws } = await open(tempHome('aibox-turn-cap-'), {});
    box.app.config.agent.max_tokens_per_turn = 500;
    box.llm.script(
      { toolCalls: [{ name: 'get_current_time', arguments: {} }], usage: used(300) },
      { toolCalls: [{ name: 'get_current_time', arguments: { zone: 'UTC' } }], usage: used(300) },
      { text: 'never asked' },
    );
    const end = await ws.chat('loop a bit');
    expect(end).toMatchObject({ type: 'error', code: 'budget_exceeded' });
    expect(String(end.content ?? end.message)).toMatch(/agent\.max_tokens_per_turn/);
    expect(box.llm.requests).toHaveLength(2);
  });
});
