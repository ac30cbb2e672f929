import type { Database } from 'better-sqlite3';

/** How far a long migration step is (rows done of rows in all), for the log. */
export type MigrationProgress = (done: number, total: number) => void;

/**
 * One numbered schema step. `up` runs inside the one transaction of all pending steps, once, in
 * version order; PRAGMA user_version records the last one applied. Migrations must cope with a
 * database made by the original Python Aibox (tables already there, user_version 0). A step over
 * many rows reads them in bounded batches, reports `progress`, and has `batches`, which yields after
 * each one: the process may answer requests between them (run-migrations.ts). Its `up` runs them all.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database, progress?: MigrationProgress): void;
  /** The same work as `up`, yielding after each batch. */
  batches?(db: Database, progress?: MigrationProgress): Iterable<unknown>;
}

/** A step over many rows: `batches` does the work, `up` drains it in one go. */
export function batchedMigration(
  step: Omit<Migration, 'up' | 'batches'> & Required<Pick<Migration, 'batches'>>,
): Migration {
  return {
    ...step,
    up(db, progress) {
      for (const _ of step.batches(db, progress));
    },
  };
}
