import { describe, expect, it } from 'vitest';
import { createTaskStore } from '../../../src/tasks/store.js';
import { createTaskTool } from '../../../src/tools/memory/task.js';
import { tempDatabase } from '../../helpers/test-database.js';
import { toolContext } from '../../helpers/tool-context.js';

const clock = { now: () => new Date('2026-11-30T10:00:00Z') };
const ctx = toolContext();

async function setup() {
  const db = await tempDatabase('aibox-memo-');
  const tasks = createTaskStore({ db, clock, lang: 'en' });
  const tool = createTaskTool({ tasks, lang: 'en', clock, defaultTimezone: 'UTC' });
  const call = (args: unknown) => tool.execute(tool.parameters.parse(args), ctx);
  return { tasks, call };
}

describe('memo tool', () => {
  it('accepts the original arguments and our cron/timezone', async () => {
    const { tasks, call } = await setup();
    const a = await call({ action: 'add', title: 'drink water', reminder_minutes: 45 });
    expect(a.content).toContain('Next run: 2026-11-30 10:45');
    await call({
      action: 'add',
      title: 'report',
      repeat_type: 'custom',
      repeat_interval: 2,
      repeat_interval_unit: 'hours',
      is_immediate: true,
    });
    await call({
      action: 'add',
      title: 'weekly',
      reminder_time: '2026-12-07 08:00:00',
      repeat_type: 'weekly',
      repeat_end_time: '2027-01-01 00:00',
    });
    await call({ action: 'add', title: 'cron', cron: '30 7 * * 1-5', timezone: 'Asia/Shanghai' });
    const bad = await call({ action: 'add', title: 'bad', reminder_time: 'next blue moon' });
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('Cannot understand the time "next blue moon"');
    expect(tasks.list().map((t) => t.schedule.kind)).toEqual(['interval', 'once', 'cron', 'weekly']);
    expect((await call({ action: 'list' })).content).toContain('Tasks (4)');
    expect((await call({ action: 'search', keyword: 'WATER' })).content).toContain('drink water');
    expect((await call({ action: 'complete', memo_id: 2 })).content).toContain('done for now');
    expect((await call({ action: 'delete', memo_id: 1 })).ok).toBe(false);
    expect((await call({ action: 'delete', memo_id: 1, confirm: true })).ok).toBe(true);
    const stats = await call({ action: 'stats' });
    expect(stats.content).toContain('total=4, pending=3, due=0, completed=0, deleted=1');
    expect((await call({ action: 'get', memo_id: 3 })).content).toContain('weekly on Monday at 08:00');
  });
});
