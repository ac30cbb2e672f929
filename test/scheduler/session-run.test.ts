import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { createMemoryStore } from '../../src/memory/store.js';
import { type ApprovalEvent, createApprovalBroker } from '../../src/safety/approvals/approval-broker.js';
import { createScheduler } from '../../src/scheduler/scheduler.js';
import { sessionRunJob } from '../../src/scheduler/session-run-job.js';
import type { SchedulerEvent } from '../../src/scheduler/types.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { createTaskStore } from '../../src/tasks/store.js';
import { createWriteFileTool } from '../../src/tools/files/write-file.js';
import { createMemoryTools } from '../../src/tools/memory/memory-tools.js';
import { randomId } from '../../src/util/ids.js';
import { tempDir } from '../helpers/tool-context.js';
import { createFixture, type Fixture, record } from '../session/fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** A fixture whose memory tools use its own database and prompts dir: made first, bound once it exists. */
async function fixtureWithMemoryTools() {
  const placeholder = createMemoryTools({
    memory: {} as never,
    tasks: {} as never,
    promptsDir: '',
    lang: 'en',
  });
  const fixture = await createFixture({ tools: placeholder });
  const memory = createMemoryStore({ db: fixture.db });
  const bound = createMemoryTools({
    memory,
    tasks: createTaskStore({ db: fixture.db }),
    promptsDir: fixture.paths.prompts,
    lang: 'en',
  });
  placeholder.forEach((tool, i) => {
    tool.execute = (bound[i] as typeof tool).execute;
  });
  return { fixture, memory };
}

describe('scheduled runs through real sessions and the fake LLM', () => {
  it('runs a task as a turn in session task-<id>, never in main, and records the answer', async () => {
    fx = await createFixture();
    const tasks = createTaskStore({ db: fx.db, lang: 'en' });
    fx.llm.script({ text: 'Plants watered.' });
    const events: SchedulerEvent[] = [];
    const scheduler = createScheduler({
      store: tasks,
      runJob: sessionRunJob(fx.manager, { lang: 'en' }),
      lang: 'en',
    });
    scheduler.onEvent((e) => events.push(e));
    scheduler.start();
    const task = tasks.add({
      title: 'water',
      content: 'Water the plants',
      schedule: buildSchedule({ immediate: true, timezone: 'UTC' }, { now: new Date(), lang: 'en' }),
    });
    await scheduler.idle();
    expect(tasks.runs(task.id)[0]).toMatchObject({ status: 'complete', answer: 'Plants watered.' });
    expect(fx.manager.ids()).toContain(`task-${task.id}`);
    expect(fx.manager.ids()).not.toContain('main');
    const request = await fx.llm.waitForCall(1);
    expect(JSON.stringify(request.messages)).toContain('Water the plants');
    const output = events.flatMap((e) => (e.type === 'run_output' ? [e.event] : []));
    expect(output.map((e) => e.type)).toContain('text_delta');
    expect(output.at(-1)).toMatchObject({
      type: 'turn_end',
      content: 'Plants watered.',
      session: `task-${task.id}`,
    });
    await scheduler.stop();
  });

  it('save_memory_and_end_conversation in a real turn: every tool call answered, one memory, session ended', async () => {
    const created = await fixtureWithMemoryTools();
    fx = created.fixture;
    const { memory } = created;
    const summary =
      'We planned the weekly backup of the home server: incremental every night, full backup on Sundays.';
    fx.llm.script(
      {
        toolCalls: [
          {
            name: 'save_memory_and_end_conversation',
            arguments: { summary, current_status: 'backup planned', topic: 'backup' },
          },
          { name: 'memory', arguments: { action: 'recent' } },
        ],
      },
      { text: 'Saved. Bye!' },
    );
    const session = fx.manager.get('main');
    const rec = record(session);
    const outcome = await session.enqueue({ content: 'Please save and end.', source: 'user' }).done;
    expect(outcome).toMatchObject({ status: 'complete', endConversation: true });
    await rec.waitFor((e) => e.type === 'dialogue_ended');
    // Both calls are answered in the history (the one after the end is answered as skipped).
    const answers = rec.events.filter((e) => e.type === 'message' && e.message.role === 'tool');
    expect(answers).toHaveLength(2);
    expect(rec.events.filter((e) => e.type === 'tool_end')).toHaveLength(1);
    expect(memory.count()).toBe(1);
    expect(readFileSync(join(fx.paths.prompts, '100_STATUS.md'), 'utf8')).toContain('backup planned');
  });

  it('update_identity: the running session uses the new identity from its next turn', async () => {
    fx = (await fixtureWithMemoryTools()).fixture;
    fx.llm.script(
      { toolCalls: [{ name: 'update_identity', arguments: { content: 'You are Zed, the garden keeper.' } }] },
      { text: 'Identity updated.' },
      { text: 'Hello from Zed.' },
    );
    const session = fx.manager.get('main');
    await session.enqueue({ content: 'Become Zed.', source: 'user' }).done;
    await session.enqueue({ content: 'Who are you?', source: 'user' }).done;
    const system = (n: number) =>
      fx?.llm.calls[n - 1]?.messages
        .filter((m: { role: string }) => m.role === 'system')
        .map((m: { content: string }) => m.content)
        .join('\n') ?? '';
    expect(system(1)).not.toContain('Zed, the garden keeper');
    expect(system(3)).toContain('You are Zed, the garden keeper.');
  });
});

describe('scheduled runs and approvals', () => {
  it('a task’s run is never asked: the outside write is denied (unattended) and the run record says so', async () => {
    const config = defaultConfig();
    const broker = createApprovalBroker({
      config: () => config,
      clock: { now: () => new Date() },
      ids: randomId,
      persistRule: () => {},
      logger: silentLogger(),
    });
    const workspace = tempDir('aibox-task-ws-');
    const target = join(tempDir('aibox-task-outside-'), 'report.txt');
    fx = await createFixture({
      tools: [createWriteFileTool({ lang: 'en', workspace })],
      askPerson: broker.ask,
    });
    const tasks = createTaskStore({ db: fx.db, lang: 'en' });
    const task = tasks.add({
      title: 'report',
      content: 'Write the report',
      schedule: buildSchedule({ immediate: true, timezone: 'UTC' }, { now: new Date(), lang: 'en' }),
    });
    // Even someone watching the task's session is not asked: nobody answers for a scheduled run.
    const seen: ApprovalEvent[] = [];
    broker.attach(`task-${task.id}`, (event) => seen.push(event));
    fx.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: 'Could not write it.' },
    );
    const scheduler = createScheduler({
      store: tasks,
      runJob: sessionRunJob(fx.manager, { lang: 'en', approvals: broker }),
      lang: 'en',
    });
    scheduler.start();
    await scheduler.idle();
    await scheduler.stop();
    const [run] = tasks.runs(task.id);
    expect(run).toMatchObject({ status: 'complete', answer: 'Could not write it.' });
    expect(run?.denied).toEqual([{ tool: 'write_file', command: `write_file ${target}`, how: 'unattended' }]);
    expect(existsSync(target)).toBe(false);
    expect(seen).toEqual([]);
    const told = (await fx.llm.waitForCall(2)).messages.at(-1).content;
    expect(told).toContain('Nobody can approve right now');
  });
});
