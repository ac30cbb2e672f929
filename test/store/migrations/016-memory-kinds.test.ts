/** Migration 016 gives every memory a kind (a chat's become `chat`) and adds the consolidation tables. */
import { describe, expect, it } from 'vitest';
import { databaseAt } from './at-version.js';

describe('migration 016 (memory kinds)', () => {
  it("makes a chat's memories `chat` and the rest `user`, keeps their vectors, and allows one journal a day", () => {
    const { db, next } = databaseAt(15);
    const insert = db.prepare(
      `INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance, chat)
       VALUES ('t', ?, '', 'now', 'now', 'now', '', 2, ?)`,
    );
    insert.run('the owner likes tea', null);
    insert.run('Alice likes coffee', 'telegram:42');
    db.prepare(
      "INSERT INTO memory_vectors (memory_id, model, dims, vector, code) VALUES (1, 'm/2', 2, x'00', x'00')",
    ).run();
    next();

    expect(db.prepare('SELECT summary, kind, day, outdated_at FROM memories ORDER BY id').all()).toEqual([
      { summary: 'the owner likes tea', kind: 'user', day: null, outdated_at: null },
      { summary: 'Alice likes coffee', kind: 'chat', day: null, outdated_at: null },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM memory_vectors').get()).toEqual({ n: 1 });
    const journal = db.prepare(
      `INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance, kind, day)
       VALUES ('j', 'a day', '', 'now', 'now', 'now', '', 2, 'journal', ?)`,
    );
    journal.run('2026-12-06');
    expect(() => journal.run('2026-12-06')).toThrow(/UNIQUE/);
    expect(() => journal.run('2026-12-07')).not.toThrow();
    db.prepare(
      "INSERT INTO memory_runs (day, status, started_by, max_tokens, started_at) VALUES ('2026-12-06', 'done', 'cli', 100, 'now')",
    ).run();
    db.prepare(
      "INSERT INTO memory_run_changes (run_id, memory_id, action, after) VALUES (1, 3, 'journal', '{}')",
    ).run();
    db.prepare('DELETE FROM memory_runs').run();
    expect(db.prepare('SELECT count(*) AS n FROM memory_run_changes').get()).toEqual({ n: 0 });
    db.close();
  });
});
