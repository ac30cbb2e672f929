/**
 * Runs pending migrations in one transaction (BEGIN IMMEDIATE … COMMIT; any failure rolls all of
 * them back). A step over many rows yields after each batch (its `batches`): between
 * batches the event loop runs, so the process can answer, e.g. `/healthz` saying it is migrating,
 * while the transaction stays open. Nothing else may use `db` until this settles.
 */
import type { Database } from 'better-sqlite3';
import type { Migration } from './migration.js';

/** Lets timers and I/O callbacks run (setImmediate comes after the poll phase). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runMigrations(
  db: Database,
  pending: readonly Migration[],
  hooks: {
    /** The step about to run (named in a failure). */
    onStep(migration: Migration): void;
    onProgress?: (step: string, done: number, total: number) => void;
    /** Written last, in the same transaction. */
    finish(db: Database): void;
  },
): Promise<void> {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const migration of pending) {
      hooks.onStep(migration);
      const progress = (done: number, total: number) =>
        hooks.onProgress?.(`${migration.version} ${migration.name}`, done, total);
      if (migration.batches) for (const _ of migration.batches(db, progress)) await breathe();
      else migration.up(db, progress);
      db.pragma(`user_version = ${migration.version}`);
    }
    hooks.finish(db);
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
