import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.js';
import { handleTaskFrame } from '../../../src/server/tasks/task-frame.js';
import { dueTaskFrames } from '../../../src/server/tasks/task-frames.js';
import { createTaskStore } from '../../../src/tasks/store.js';
import { tempDatabase } from '../../helpers/test-database.js';

/** Chats a task may post to in these tests: `telegram:42` only (the real check is tested in test/channels). */
const notifyTargets = {
  check(target: string) {
    if (target !== 'telegram:42') throw new AppError('bad_notify', `not an allowed chat: ${target}`);
    return target;
  },
};

async function setup(now = '2026-11-30T10:00:00Z') {
  let current = new Date(now);
  const clock = { now: () => current };
  const db = await tempDatabase('aibox-task-frame-');
  const tasks = createTaskStore({ db, clock, lang: 'en', notifyTargets });
  const deps = { tasks, lang: 'en' as const, clock, defaultTimezone: 'UTC' };
  const frame = (f: Record<string, unknown>) =>
    handleTaskFrame({ type: 'task', ...f }, deps) as Record<string, unknown>;
  return { tasks, deps, frame, advance: (iso: string) => (current = new Date(iso)) };
}

describe('task frame handler (the one the server uses)', () => {
  it('add (the original WS add works, with repeat_end_time), list, complete, delete', async () => {
    const { frame } = await setup();
    const added = frame({
      action: 'add',
      title: 'stretch',
      content: 'stand up',
      delay: 120,
      repeat_type: 'daily',
      repeat_end_time: '2026-12-31 00:00',
    });
    expect(added).toMatchObject({
      type: 'task_added',
      task_id: 1,
      title: 'stretch',
      reminder_time: '2026-11-30T10:02:00+00:00',
      content: expect.stringContaining('Task added: stretch (ID: 1)'),
      task: { id: 1, repeat_type: 'daily', schedule_kind: 'daily' },
    });
    const list = frame({ action: 'list' }) as { tasks: Record<string, unknown>[] };
    expect(list.tasks).toHaveLength(1);
    expect(list.tasks[0]).toMatchObject({ id: 1, repeat_type: 'daily', is_overdue: false, trigger_count: 0 });
    expect(frame({ action: 'complete', task_id: '1' })).toMatchObject({
      type: 'task_completed',
      advanced: true,
    });
    expect(frame({ action: 'delete', task_id: 1 })).toMatchObject({ type: 'task_deleted', task_id: 1 });
    expect(frame({ action: 'complete', task_id: 1 })).toEqual({
      type: 'error',
      code: 'not_found',
      content: '❌ No active task #1',
    });
    expect(frame({ action: 'delete', task_id: 1 })).toMatchObject({ type: 'error', code: 'not_found' });
    expect(frame({ action: 'delete', task_id: 424242 })).toMatchObject({ type: 'error', code: 'not_found' });
  });

  it("honours a client's reminder_time and its alias at (no longer silently dropped)", async () => {
    const { frame } = await setup();
    expect(frame({ action: 'add', title: 'a', reminder_time: '2026-12-01 09:00' })).toMatchObject({
      reminder_time: '2026-12-01T09:00:00+00:00',
    });
    expect(frame({ action: 'add', title: 'b', at: '+30m' })).toMatchObject({
      reminder_time: '2026-11-30T10:30:00+00:00',
    });
    // An explicit time wins over is_immediate.
    expect(frame({ action: 'add', title: 'c', at: '+2h', is_immediate: true })).toMatchObject({
      reminder_time: '2026-11-30T12:00:00+00:00',
      task: { is_immediate: false },
    });
    const both = frame({ action: 'add', title: 'd', at: '+1h', reminder_time: '+2h' });
    expect(both).toMatchObject({ type: 'error', code: 'bad_request' });
    expect(String(both.content)).toContain('`at` or `reminder_time`');
  });

  it('takes the original priority range 1..5 and names bad fields', async () => {
    const { frame } = await setup();
    expect(frame({ action: 'add', title: 'p', priority: 5 })).toMatchObject({ task: { priority: 5 } });
    for (const [bad, field] of [
      [{ action: 'add', title: 'p', priority: 0 }, 'priority'],
      [{ action: 'add', title: 'p', priority: 9 }, 'priority'],
      [{ action: 'add' }, 'title'],
      [{ action: 'add', title: 'x'.repeat(501) }, 'title'],
      [{ action: 'add', title: 'x', delay: -1 }, 'delay'],
      [{ action: 'complete', task_id: 'one' }, 'task_id'],
      [{ action: 'explode' }, 'action'],
    ] as const) {
      const reply = frame(bad);
      expect(reply, JSON.stringify(bad)).toMatchObject({ type: 'error', code: 'bad_request' });
      expect(String(reply.content), JSON.stringify(bad)).toContain(field);
    }
    const badTime = frame({ action: 'add', title: 'x', reminder_time: 'soonish' });
    expect(badTime).toMatchObject({ type: 'error', code: 'bad_request' });
    expect(String(badTime.content)).toContain('Cannot understand the time "soonish"');
  });

  it('lists due tasks as connect-time task_status frames (immediate → pending, late → overdue)', async () => {
    const { frame, deps, advance } = await setup();
    frame({ action: 'add', title: 'now', is_immediate: true });
    frame({ action: 'add', title: 'soon', delay: 60 });
    frame({ action: 'add', title: 'tomorrow', at: '+1d' });
    advance('2026-11-30T10:05:00Z');
    const due = dueTaskFrames(deps);
    expect(due.map((f) => [f.title, f.status])).toEqual([
      ['now', 'pending'],
      ['soon', 'overdue'],
    ]);
    expect(due[1]).toMatchObject({
      type: 'task_status',
      reminder_time: '2026-11-30T10:01:00+00:00',
      content: '⚠️ [ID: 2] soon - 2026-11-30T10:01:00+00:00',
    });
  });

  it('notify: set on add or later, cleared with null; a chat the store refuses is a bad_request', async () => {
    const { frame } = await setup();
    const added = frame({ action: 'add', title: 'report', delay: 60, notify: 'telegram:42' });
    expect(added).toMatchObject({ type: 'task_added', task: { notify: 'telegram:42' } });
    expect(frame({ action: 'add', title: 'leak', notify: 'telegram:7' })).toMatchObject({
      type: 'error',
      code: 'bad_request',
      content: expect.stringContaining('not an allowed chat: telegram:7'),
    });
    expect(frame({ action: 'notify', task_id: 1, notify: null })).toMatchObject({
      type: 'task_updated',
      task_id: 1,
      content: expect.stringContaining('no longer posts'),
      task: { notify: null },
    });
    expect(frame({ action: 'notify', task_id: '1', notify: 'telegram:42' })).toMatchObject({
      type: 'task_updated',
      task: { notify: 'telegram:42' },
    });
    expect(frame({ action: 'notify', task_id: 9, notify: null })).toMatchObject({
      type: 'error',
      code: 'not_found',
    });
    const list = frame({ action: 'list' }) as { tasks: Record<string, unknown>[] };
    expect(list.tasks[0]).toMatchObject({ id: 1, notify: 'telegram:42' });
  });
});
