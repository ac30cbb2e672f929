import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { restrictFile } from '../util/private-files.js';
import { assertIntact, damagedDatabaseError, isDamage } from './integrity.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';

export type { Database };

interface OpenDatabaseOptions {
  migrations?: Migration[];
  /** Called with the backup path when an existing database is about to be migrated. */
  onBackup?: (backupPath: string) => void;
  now?: () => Date;
  /** Language of the damaged-database message. */
  lang?: Lang;
  /**
   * When to run `PRAGMA quick_check`: `after-crash` (default) only when the last process using
   * the file did not close it (its `-wal` is still there), since the check reads the whole file
   * (seconds at 100,000 memories on a small board); `always` on every open.
   */
  integrityCheck?: 'after-crash' | 'always';
}

function userTables(db: Database): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}

/**
 * Opens (creating if needed) the SQLite file, in WAL mode, and applies pending
 * migrations. A database that already holds data is first copied to
 * `<file>.bak-<timestamp>` so a failed migration can never lose it.
 */
export async function openDatabase(path: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const migrations = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // A clean close checkpoints and deletes the -wal file: one left behind means a crash (or another open process).
  const unclean = path !== ':memory:' && existsSync(`${path}-wal`);
  const check = path !== ':memory:' && (unclean || options.integrityCheck === 'always');
  const db = new BetterSqlite3(path);
  // Before the first read: SQLite gives the -wal and -shm files the database file's mode.
  for (const file of [path, `${path}-wal`, `${path}-shm`]) restrictFile(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    if (check) assertIntact(db, path, options.lang ?? 'en');
  } catch (error) {
    db.close();
    if (isDamage(error)) throw damagedDatabaseError(path, describeError(error), options.lang ?? 'en', error);
    throw error;
  }

  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length > 0 && path !== ':memory:' && existsSync(path) && userTables(db).length > 0) {
    const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const backupPath = `${path}.bak-v${current}-${stamp}`;
    await db.backup(backupPath);
    restrictFile(backupPath);
    options.onBackup?.(backupPath);
  }
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return db;
}
