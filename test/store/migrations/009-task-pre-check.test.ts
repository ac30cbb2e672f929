/** Migration 009 rebuilds task_runs with `skipped` allowed, keeping every row, column and index. */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/store/migrations/index.js';
import { tempHome } from '../../helpers/cli.js';

describe('migration 009 (task pre-checks)', () => {
  it('keeps the runs of a version-8 database and lets a run be skipped, nothing else new', () => {
    const db = new Database(join(tempHome('aibox-mig6-'), 'memories.db'));
    db.pragma('foreign_keys = ON');
    for (const migration of MIGRATIONS.filter((m) => m.version <= 8))
      db.transaction(() => migration.up(db))();
    db.prepare(
      "INSERT INTO tasks (id, title, schedule, created_at, updated_at) VALUES (1, 't', '{}', 'now', 'now')",
    ).run();
    db.prepare(
      `INSERT INTO task_runs (task_id, occurrence, execution_id, status, claimed_at, instance, answer, denied)
       VALUES (1, 5, '1_5', 'complete', 'now', 'host:1:a', 'fine', '[{"tool":"run_command"}]')`,
    ).run();
    const migration = MIGRATIONS.find((m) => m.version === 9);
    db.transaction(() => migration?.up(db))();

    expect(db.prepare('SELECT answer, denied, pre_check FROM task_runs').get()).toEqual({
      answer: 'fine',
      denied: '[{"tool":"run_command"}]',
      pre_check: null,
    });
    const insert = (status: string, occurrence: number) =>
      db
        .prepare(
          `INSERT INTO task_runs (task_id, occurrence, execution_id, status, claimed_at, instance) VALUES (1, ?, 'x', ?, 'now', 'i')`,
        )
        .run(occurrence, status);
    expect(() => insert('skipped', 6)).not.toThrow();
    expect(() => insert('bogus', 7)).toThrow(/CHECK/);
    const index = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'idx_task_runs_open'")
      .get();
    expect(index).toEqual({ name: 'idx_task_runs_open' });
    expect(db.prepare('SELECT when_command, when_approved_by FROM tasks').get()).toEqual({
      when_command: null,
      when_approved_by: null,
    });
    // Deleting a task still takes its runs with it (the foreign key survived the rebuild).
    db.prepare('DELETE FROM tasks WHERE id = 1').run();
    expect(db.prepare('SELECT count(*) AS n FROM task_runs').get()).toEqual({ n: 0 });
    db.close();
  });
});
