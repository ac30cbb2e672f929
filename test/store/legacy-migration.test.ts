import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/memory/store.js';
import { openDatabase } from '../../src/store/database.js';
import { createTaskStore } from '../../src/tasks/store.js';
import { tempHome } from '../helpers/cli.js';
import { buildLegacyDb } from './legacy-db.js';

describe('migrating a database made by the original Aibox', () => {
  it('keeps every row, backs up first, and search works afterwards', async () => {
    const dir = tempHome('aibox-legacy-');
    const path = join(dir, 'memories.db');
    buildLegacyDb(path);
    let backup = '';
    const db = await openDatabase(path, { onBackup: (p) => (backup = p) });
    expect(existsSync(backup)).toBe(true);
    expect(readdirSync(dir).some((f) => f.startsWith('memories.db.bak-v0-'))).toBe(true);

    const memory = createMemoryStore({ db });
    expect(memory.count()).toBe(2);
    const first = memory.get(1);
    expect(first?.topic).toBe('项目进度讨论');
    expect(first?.tags).toEqual(['项目', '计划']);
    // Nothing the original saved is said to have come with outside text (migration 19).
    expect(memory.recent().items.map((m) => m.untrusted)).toEqual([[], []]);
    expect(first?.createdAt).toBe(new Date(2025, 5, 1, 14, 30, 0).toISOString());
    // 2-character Chinese inside a longer run: the original's index could not find it.
    expect(memory.search('项目').items.map((m) => m.id)).toEqual([1]);
    expect(memory.search('tomatoes').items.map((m) => m.id)).toEqual([2]);
    // The stale index entry of the deleted row did not come along.
    expect(memory.search('残留').total).toBe(0);
    const stale = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'memories_fts'").get() as {
      n: number;
    };
    expect(stale.n).toBe(0);

    // memos: kept as they were, and copied into tasks with the same ids.
    expect((db.prepare('SELECT count(*) AS n FROM memos').get() as { n: number }).n).toBe(4);
    const tasks = createTaskStore({ db });
    const all = tasks.list({ includeCompleted: true });
    expect(all.map((t) => t.id).sort()).toEqual([1, 2, 3, 4]);
    const daily = tasks.get(1);
    expect(daily?.schedule.kind).toBe('daily');
    expect(daily?.runCount).toBe(5);
    expect(daily?.nextRunAt).toBe(new Date(2025, 5, 1, 9, 0, 0).toISOString());
    // `+1h` stored raw by the original's CLI is read relative to the row's creation.
    expect(tasks.get(2)?.nextRunAt).toBe(new Date(2025, 5, 1, 9, 0, 0).toISOString());
    expect(tasks.get(3)?.status).toBe('completed');
    expect(tasks.get(4)?.schedule).toMatchObject({ kind: 'interval', every: 2, unit: 'hours' });
    db.close();

    // Opening again migrates nothing and makes no second backup.
    let again = '';
    const db2 = await openDatabase(path, { onBackup: (p) => (again = p) });
    expect(again).toBe('');
    expect(createMemoryStore({ db: db2 }).count()).toBe(2);
    db2.close();
  });
});
