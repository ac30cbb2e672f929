/**
 * A damaged database stops start-up instead of failing every turn later: `PRAGMA
 * quick_check` runs at open after an unclean shutdown (it reads the whole file: seconds
 * at 100,000 memories, see docs/benchmarks.md), and SQLite's own "not a database" /
 * "malformed" errors at any open are turned into one message that names the file, the
 * backups next to it and the sqlite3 commands that recover what can be recovered.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { storeMessages } from './messages.js';

const DAMAGE_CODES = new Set([
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_CORRUPT_VTAB',
  'SQLITE_CORRUPT_INDEX',
]);

/** Whether `error` is SQLite saying the file is damaged (not e.g. busy or read-only). */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DAMAGE_CODES.has(code);
}

/** Backups made before migrations (`<file>.bak-*`), oldest first. */
function backupsOf(path: string): string[] {
  const prefix = `${basename(path)}.bak-`;
  try {
    return readdirSync(dirname(path))
      .filter((name) => name.startsWith(prefix))
      .sort()
      .map((name) => join(dirname(path), name));
  } catch {
    return [];
  }
}

export function damagedDatabaseError(path: string, detail: string, lang: Lang, cause?: unknown): AppError {
  return new AppError('database_damaged', storeMessages(lang).damaged(path, detail, backupsOf(path)), {
    cause,
    details: { path },
  });
}

/** Throws `database_damaged` unless `PRAGMA quick_check` says ok. */
export function assertIntact(db: Database, path: string, lang: Lang): void {
  const rows = db.pragma('quick_check(20)') as { quick_check: string }[];
  const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
  if (problems.length > 0) throw damagedDatabaseError(path, problems.slice(0, 5).join('; '), lang);
}
