import type { Database } from 'better-sqlite3';

/** How far a long migration step is (rows done of rows in all), for the log. */
export type MigrationProgress = (done: number, total: number) => void;

/**
 * One numbered schema step. `up` runs inside the one transaction of all pending steps, once, in
 * version order; PRAGMA user_version records the last one applied. Migrations must cope with a
 * database made by the original Python Aibox (tables already there, user_version 0). A step over
 * many rows reads them in bounded batches and reports `progress`.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database, progress?: MigrationProgress): void;
}
