/**
 * memories.db opened read-only (no migration, works beside a running server) and checked with
 * `PRAGMA quick_check`; a damaged file gets the store's own message: its backups and the sqlite3
 * commands that recover what can be recovered.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { damagedDatabaseError, isDamage } from '../../store/integrity.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export function checkDatabase({ ctx, t }: DoctorInput): DoctorCheck {
  const path = ctx.paths.database;
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return { id: 'database', status: 'ok', summary: t.databaseMissing(path) };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.pragma('quick_check(20)') as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
    if (problems.length === 0)
      return { id: 'database', status: 'ok', summary: t.databaseOk(path, size(stat.size)) };
    const damaged = damagedDatabaseError(path, problems.slice(0, 5).join('; '), ctx.lang);
    return { id: 'database', status: 'fail', summary: t.databaseDamaged(path), fix: damaged.message };
  } catch (error) {
    if (isDamage(error))
      return {
        id: 'database',
        status: 'fail',
        summary: t.databaseDamaged(path),
        fix: damagedDatabaseError(path, (error as Error).message, ctx.lang).message,
      };
    return {
      id: 'database',
      status: 'fail',
      summary: t.databaseUnreadable(path, (error as Error).message),
      fix: t.databaseUnreadableFix,
    };
  } finally {
    db?.close();
  }
}
