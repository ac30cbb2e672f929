import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { AppError, describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { restrictFile } from '../util/private-files.js';
import { VERSION } from '../version.js';
import { assertIntact, damagedDatabaseError, isDamage } from './integrity.js';
import { storeMessages } from './messages.js';
import type { Migration } from './migration.js';
import { MIGRATIONS } from './migrations/index.js';
import { runMigrations } from './run-migrations.js';

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
  integrityCheck?: 'after-crash' | 'always' | 'never';
  /** Snapshots of the whole data dir (src/backup), instead of the `.bak-` copy of this file alone. */
  snapshots?: DatabaseSnapshots;
  /** A migration step's progress (rows done of all), for the log. */
  onProgress?: (step: string, done: number, total: number) => void;
  /** Migrations are pending: awaited before the snapshot and the first step (`aibox serve` opens its port). */
  onMigrationStart?: () => Promise<void>;
}

/** What the store asks of the data dir's snapshots; each answer is the one command that goes back. */
export interface DatabaseSnapshots {
  /** Takes a snapshot before `from` is migrated to `to`. */
  beforeMigrate(db: Database, from: number, to: number): Promise<string>;
  /** The command that puts back the newest snapshot this build can open (schema ≤ `known`). */
  restoreCommand(known: number): Promise<string>;
}

/** The store's own record of which Aibox last migrated the file (shown by an older build that refuses it). */
const WRITER_TABLE = 'aibox_schema';

function writtenBy(db: Database): string | undefined {
  try {
    const row = db.prepare(`SELECT value FROM ${WRITER_TABLE} WHERE key = 'written_by'`).get() as
      | { value: string }
      | undefined;
    return row?.value;
  } catch {
    return undefined;
  }
}

function userTables(db: Database): string[] {
  return (
    db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
}

/**
 * Opens (creating if needed) the SQLite file, in WAL mode, and applies pending migrations, all in
 * one transaction: a step that fails leaves the file exactly as it was (`migration_failed`). A
 * database that already holds data is first snapshotted (`snapshots`) or copied to
 * `<file>.bak-<timestamp>`. A file migrated by a newer build is refused (`database_too_new`).
 */
export async function openDatabase(path: string, options: OpenDatabaseOptions = {}): Promise<Database> {
  const migrations = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // A clean close checkpoints and deletes the -wal file: one left behind means a crash (or another open process).
  const unclean = path !== ':memory:' && existsSync(`${path}-wal`);
  const when = options.integrityCheck ?? 'after-crash';
  const check = path !== ':memory:' && when !== 'never' && (unclean || when === 'always');
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
  const known = migrations.at(-1)?.version ?? 0;
  if (current > known) {
    const by = writtenBy(db);
    db.close();
    const back = (await options.snapshots?.restoreCommand(known)) ?? 'aibox backup --list';
    throw new AppError(
      'database_too_new',
      storeMessages(options.lang ?? 'en').tooNew(path, current, known, by, back),
      {
        details: { path, version: current, known },
      },
    );
  }
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return db;
  try {
    await options.onMigrationStart?.();
  } catch (error) {
    db.close();
    throw error;
  }
  let back: string | undefined;
  try {
    if (path !== ':memory:' && existsSync(path) && userTables(db).length > 0)
      back = await saveBefore(db, path, current, known, options);
  } catch (error) {
    db.close();
    throw new AppError(
      'migration_failed',
      storeMessages(options.lang ?? 'en').snapshotFailed(path, describeError(error)),
      {
        cause: error,
        details: { path, step: 'snapshot' },
      },
    );
  }
  let step = pending[0];
  try {
    await runMigrations(db, pending, {
      onStep: (migration) => {
        step = migration;
      },
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      finish: () => {
        db.exec(`CREATE TABLE IF NOT EXISTS ${WRITER_TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
        db.prepare(`INSERT OR REPLACE INTO ${WRITER_TABLE} (key, value) VALUES ('written_by', ?)`).run(
          VERSION,
        );
      },
    });
  } catch (error) {
    db.close();
    const name = step ? `${step.version} ${step.name}` : '?';
    throw new AppError(
      'migration_failed',
      storeMessages(options.lang ?? 'en').migrationFailed(path, name, describeError(error), back),
      { cause: error, details: { path, step: name } },
    );
  }
  return db;
}

/** The snapshot (or `.bak-` copy) taken before migrating; returns the command that goes back, if any. */
async function saveBefore(
  db: Database,
  path: string,
  current: number,
  known: number,
  options: OpenDatabaseOptions,
): Promise<string | undefined> {
  if (options.snapshots) return options.snapshots.beforeMigrate(db, current, known);
  const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const backupPath = `${path}.bak-v${current}-${stamp}`;
  await db.backup(backupPath);
  restrictFile(backupPath);
  options.onBackup?.(backupPath);
  return undefined;
}
