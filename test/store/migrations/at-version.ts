/** A fresh memories.db in a temp home, migrated up to `version` only, and the step after it. */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../src/store/migrations/index.js';
import { tempHome } from '../../helpers/cli.js';

export function databaseAt(version: number): { db: Database.Database; next(): void } {
  const db = new Database(join(tempHome(`aibox-mig${version + 1}-`), 'memories.db'));
  db.pragma('foreign_keys = ON');
  for (const migration of MIGRATIONS.filter((m) => m.version <= version))
    db.transaction(() => migration.up(db))();
  const step = MIGRATIONS.find((m) => m.version === version + 1);
  return {
    db,
    next() {
      if (!step) throw new Error(`no migration ${version + 1}`);
      db.transaction(() => step.up(db))();
    },
  };
}
