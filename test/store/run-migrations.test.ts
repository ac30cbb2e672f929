/**
 * Pending migrations run in one transaction that lets the event loop run between a big step's
 * batches (src/store/run-migrations.ts): the process can answer meanwhile, and a step failing in a
 * later batch still leaves the file exactly as it was.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { openDatabase } from '../../src/store/database.js';
import { batchedMigration, type Migration } from '../../src/store/migration.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { tempHome } from '../helpers/cli.js';

/** An original database with `count` memories (the Python Aibox's schema). */
function original(count: number): string {
  const path = join(tempHome('aibox-run-migrations-'), 'memories.db');
  const db = new Database(path);
  db.exec(`CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, summary TEXT NOT NULL,
    content TEXT, start_time TEXT NOT NULL, end_time TEXT NOT NULL, created_at TEXT NOT NULL, tags TEXT, importance INTEGER DEFAULT 1)`);
  const insert = db.prepare(
    'INSERT INTO memories (topic, summary, content, start_time, end_time, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const t = '2025-06-01 14:30:00';
  db.transaction(() => {
    for (let i = 0; i < count; i += 1) insert.run(`话题 ${i}`, `summary ${i}`, '', t, t, t);
  })();
  db.close();
  return path;
}

describe('running migrations', () => {
  it('lets timers run between the batches of the original memories, and reports each batch', async () => {
    const path = original(5000);
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 0);
    const progress: number[] = [];
    const db = await openDatabase(path, {
      onBackup: () => {},
      onProgress: (step, done) => {
        if (step === '2 memories') progress.push(done);
      },
    });
    clearInterval(ticker);
    expect(progress).toEqual([2000, 4000, 5000]);
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(db.prepare('SELECT count(*) AS n FROM memory_index').get()).toEqual({ n: 5000 });
    expect(db.prepare('SELECT created_at FROM memories WHERE id = 1').get()).toEqual({
      created_at: expect.stringMatching(/^2025-06-01T\d\d:30:00\.000Z$/),
    });
    db.close();
  });

  it('a step failing in a later batch rolls back every step: the file is as it was', async () => {
    const path = original(10);
    const failing: Migration = batchedMigration({
      version: 99,
      name: 'fails late',
      *batches(db) {
        db.exec('CREATE TABLE half (x)');
        yield;
        db.exec('INSERT INTO half VALUES (1)');
        yield;
        throw new Error('broken third batch');
      },
    });
    const error = await openDatabase(path, {
      migrations: [...MIGRATIONS, failing],
      onBackup: () => {},
    }).catch((e: unknown) => e);
    expect(isAppError(error, 'migration_failed')).toBe(true);
    expect(String((error as Error).message)).toContain('99 fails late');
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all();
    expect(tables).toEqual([{ name: 'memories' }]);
    expect(db.prepare('SELECT created_at FROM memories WHERE id = 1').get()).toEqual({
      created_at: '2025-06-01 14:30:00',
    });
    db.close();
  });

  it("a batched step's up runs all its batches at once (as tests and older callers use it)", () => {
    const db = new Database(':memory:');
    const seen: number[] = [];
    batchedMigration({
      version: 1,
      name: 'three',
      *batches(_db, progress) {
        for (let i = 1; i <= 3; i += 1) {
          progress?.(i, 3);
          yield;
        }
      },
    }).up(db, (done) => seen.push(done));
    expect(seen).toEqual([1, 2, 3]);
    db.close();
  });
});
