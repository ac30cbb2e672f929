import { describe, expect, it } from 'vitest';
import { createTaskStore } from '../../src/tasks/store.js';
import { createTaskQueries } from '../../src/tasks/task-queries.js';
import type { Schedule } from '../../src/tasks/types.js';
import { tempDatabase } from '../helpers/test-database.js';

const clock = { now: () => new Date('2026-11-30T10:00:00Z') };
const at = (start: string): Schedule => ({ kind: 'once', start, timezone: 'UTC' });

async function setup() {
  const db = await tempDatabase('aibox-task-queries-');
  const tasks = createTaskStore({ db, clock, lang: 'en' });
  const later = tasks.add({
    title: 'Later',
    content: 'water the PLANTS',
    schedule: at('2026-12-02T00:00:00.000Z'),
  });
  const due = tasks.add({ title: 'Due', schedule: at('2026-11-30T09:00:00.000Z') });
  const done = tasks.add({ title: 'Done plants', schedule: at('2026-12-01T00:00:00.000Z') });
  tasks.complete(done.id);
  const gone = tasks.add({ title: 'Gone', schedule: at('2026-12-03T00:00:00.000Z') });
  tasks.delete(gone.id);
  return { queries: createTaskQueries(db, clock), later, due, done, gone };
}

describe('task queries', () => {
  it('list: active first by next run, then the statuses asked for; limit and offset page', async () => {
    const { queries, later, due, done, gone } = await setup();
    expect(queries.list().map((t) => t.id)).toEqual([due.id, later.id]);
    expect(queries.list({ includeCompleted: true, includeDeleted: true }).map((t) => t.id)).toEqual([
      due.id,
      later.id,
      done.id,
      gone.id,
    ]);
    expect(queries.list({ limit: 1, offset: 1 }).map((t) => t.id)).toEqual([later.id]);
    expect(queries.count()).toBe(2);
    expect(queries.count({ includeCompleted: true })).toBe(3);
  });

  it('search: case-insensitive in title and content, within the statuses asked for', async () => {
    const { queries, later, done } = await setup();
    expect(queries.search('plants').map((t) => t.id)).toEqual([later.id]);
    expect(queries.search('PLANTS', { includeCompleted: true }).map((t) => t.id)).toEqual([
      later.id,
      done.id,
    ]);
    expect(queries.search('plants', { includeCompleted: true, limit: 1 })).toHaveLength(1);
    expect(queries.search('%')).toEqual([]);
  });

  it('due, the next due time and the totals', async () => {
    const { queries, due } = await setup();
    expect(queries.due().map((t) => t.id)).toEqual([due.id]);
    expect(queries.nextDueAt()?.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(queries.stats()).toEqual({
      total: 4,
      active: 2,
      due: 1,
      completed: 1,
      deleted: 1,
      runs: 0,
      failedRuns: 0,
    });
  });
});
