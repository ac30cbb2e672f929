/**
 * The store's `DatabaseSnapshots` (store/database.ts) made of whole data-dir snapshots: one is
 * taken before any migration, and a database too new for this build is answered with the
 * `restore` of the newest snapshot it can open.
 */
import type { Database, DatabaseSnapshots } from '../store/database.js';
import { createSnapshot } from './create-snapshot.js';
import { listSnapshots } from './list-snapshots.js';
import type { SnapshotPlaces } from './snapshot-contents.js';

export interface MigrationSnapshotOptions {
  places: SnapshotPlaces;
  logFile: string;
  dir: string;
  keep: number;
  /** How this aibox is run (`aibox`, `npm run aibox --`), for the command that goes back. */
  command: string;
  onSnapshot?: (file: string) => void;
}

const quoted = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

export function restoreCommand(command: string, file: string): string {
  return `${command} restore ${quoted(file)}`;
}

export function migrationSnapshots(options: MigrationSnapshotOptions): DatabaseSnapshots {
  return {
    async beforeMigrate(db: Database) {
      const { file } = await createSnapshot({
        places: options.places,
        logFile: options.logFile,
        dir: options.dir,
        reason: 'before-migration',
        keep: options.keep,
        database: db,
      });
      options.onSnapshot?.(file);
      return restoreCommand(options.command, file);
    },
    async restoreCommand(known: number) {
      const fits = (await listSnapshots(options.dir)).find(
        (snapshot) => snapshot.manifest && snapshot.manifest.schema.database <= known,
      );
      return fits ? restoreCommand(options.command, fits.file) : `${options.command} backup --list`;
    },
  };
}
