/**
 * /notify answers its refusals with codes of the one table (docs/errors.md), as every
 * `command_result.data.error` does.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wireCodeOf } from '../../src/error-codes.js';
import { notifyCommand } from '../../src/slash-commands/notify.js';
import type { SlashCommand } from '../../src/slash-commands/types.js';
import { openDatabase } from '../../src/store/database.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { createTaskStore } from '../../src/tasks/store.js';
import { tempHome } from '../helpers/cli.js';

type CommandSession = Parameters<SlashCommand['run']>[0]['session'];

describe('/notify', () => {
  it('refuses a missing argument, "here" outside a chat and an unknown task with table codes', async () => {
    const now = new Date('2026-11-30T10:00:00Z');
    const clock = { now: () => now };
    const db = await openDatabase(join(tempHome('aibox-notify-'), 'memories.db'));
    const tasks = createTaskStore({ db, clock });
    const task = tasks.add({
      title: 'report',
      schedule: buildSchedule({ timezone: 'UTC', at: '+1h' }, { now, lang: 'en' }),
    });
    const session = { id: 'main' } as CommandSession;
    const run = (args: string) => notifyCommand.run({ services: { tasks }, session, lang: 'en', args });
    const errorOf = async (args: string) => ((await run(args)).data as { error?: string }).error;

    expect(await errorOf('')).toBe(wireCodeOf('bad_argument'));
    expect(await errorOf(`${task.id} here`)).toBe(wireCodeOf('bad_notify'));
    expect(await errorOf('999 off')).toBe(wireCodeOf('task_not_found'));
    expect(await errorOf(`${task.id} telegram:42`)).toBe(wireCodeOf('bad_notify'));
    const cleared = await run(`${task.id} off`);
    expect(cleared.data).toEqual({ ok: true, task_id: task.id, notify: null });
    db.close();
  });
});
