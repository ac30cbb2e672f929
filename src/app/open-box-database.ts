/**
 * memories.db as a box or a CLI command opens it: snapshotted before any migration (whole data
 * dir, `src/backup`, loaded only then), migration progress in the log, and no full integrity
 * check while a server runs on the data dir (its -wal is there because it is open, not because
 * of a crash).
 */
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { runningBox } from '../store/box-lock.js';
import { type Database, type DatabaseSnapshots, openDatabase } from '../store/database.js';
import { appMessages } from './messages.js';

export interface OpenBoxDatabaseOptions {
  paths: DataPaths;
  configPath: string;
  config: Pick<Config, 'backup'>;
  lang: Lang;
  /** How this aibox is run, for the command that goes back (`aibox restore …`). */
  command: string;
  /** This process holds the data dir's box lock (`aibox serve`). */
  holdsBoxLock?: boolean;
  /** A line about the migration (progress, the snapshot taken). */
  onNotice?: (text: string, fields: Record<string, unknown>) => void;
  /** Shortest time between two progress lines. */
  progressEveryMs?: number;
  /** Told when migrations are about to run (before the snapshot), then of every batch. */
  whileMigrating?: { start(): Promise<void>; progress(step: string, done: number, total: number): void };
}

/** The snapshots, their code imported only when a migration or a too-new database needs it. */
function lazySnapshots(options: OpenBoxDatabaseOptions): DatabaseSnapshots {
  const t = appMessages(options.lang);
  const load = async () => {
    const [{ migrationSnapshots, restoreCommand }, { snapshotPlaces, SNAPSHOT_DIR_NAME }, { join }] =
      await Promise.all([
        import('../backup/migration-snapshots.js'),
        import('../backup/snapshot-contents.js'),
        import('node:path'),
      ]);
    return migrationSnapshots({
      places: snapshotPlaces(options.paths, options.configPath),
      logFile: options.paths.log,
      dir: join(options.paths.home, SNAPSHOT_DIR_NAME),
      keep: options.config.backup.keep,
      command: options.command,
      onSnapshot: (file) =>
        options.onNotice?.(t.databaseBackup(file, restoreCommand(options.command, file)), { snapshot: file }),
    });
  };
  return {
    async beforeMigrate(db, from, to) {
      return (await load()).beforeMigrate(db, from, to);
    },
    async restoreCommand(known) {
      return (await load()).restoreCommand(known);
    },
  };
}

export function openBoxDatabase(options: OpenBoxDatabaseOptions): Promise<Database> {
  const t = appMessages(options.lang);
  const running = options.holdsBoxLock ? undefined : runningBox(options.paths.home);
  const every = options.progressEveryMs ?? 1000;
  let last = 0;
  return openDatabase(options.paths.database, {
    lang: options.lang,
    integrityCheck: running ? 'never' : 'after-crash',
    snapshots: lazySnapshots(options),
    ...(options.whileMigrating
      ? { onMigrationStart: () => options.whileMigrating?.start() ?? Promise.resolve() }
      : {}),
    onProgress(step, done, total) {
      options.whileMigrating?.progress(step, done, total);
      const now = Date.now();
      if (done < total && now - last < every) return;
      last = now;
      options.onNotice?.(t.migrating(step, done, total), { step, done, total });
    },
  });
}
