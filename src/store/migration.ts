import type { Database } from 'better-sqlite3';

/**
 * One numbered schema step. `up` runs inside a transaction, once, in version order;
 * PRAGMA user_version records the last one applied. Migrations must cope with a
 * database made by the original Python Aibox (tables already there, user_version 0).
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
