/**
 * SQLite databases for in-process tests, closed when the test that opened them ends, so that no
 * file leaves one open for the next file of its worker (the leak guard checks).
 */
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { type Database, openDatabase } from '../../src/store/database.js';
import { tempHome } from './cli.js';

/** Opens `path` (migrated, as the box opens it); closed when the current test ends. */
export async function openDatabaseForTest(path: string): Promise<Database> {
  const db = await openDatabase(path);
  onTestFinished(() => {
    if (db.open) db.close();
  });
  return db;
}

/** A fresh `memories.db` in a new temp home (`prefix` names the home). */
export function tempDatabase(prefix: string): Promise<Database> {
  return openDatabaseForTest(join(tempHome(prefix), 'memories.db'));
}
