/**
 * One box per data dir. `aibox serve` holds an exclusive SQLite lock on `<home>/.box.lock` for
 * its whole life; the kernel drops that lock when the process ends in any way (`kill -9`, power
 * loss), so a lock left by a crash is simply taken over by the next start. Who holds it (pid,
 * port, version) is written next to it, `<home>/.box.json`, for the refusal message; that file
 * is only information, never the lock.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { restrictFile } from '../util/private-files.js';
import { BOX_INFO_FILE, type BoxInfo, readBoxInfo } from './box-info.js';
import { storeMessages } from './messages.js';

export const BOX_LOCK_FILE = '.box.lock';

export interface BoxLock {
  /** The info file again, e.g. once the port is known. */
  update(info: Partial<BoxInfo>): void;
  release(): void;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** Takes the lock (waiting up to `waitMs` for a momentary holder); undefined when another process holds it. */
function tryLock(home: string, waitMs: number): Database | undefined {
  const path = join(home, BOX_LOCK_FILE);
  // A first start locks before the data dir is prepared (which tightens an existing one, with a notice).
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const db = new BetterSqlite3(path);
  restrictFile(path);
  try {
    db.pragma(`busy_timeout = ${waitMs}`);
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    // The first write in exclusive mode takes the file's exclusive lock and keeps it until close.
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at TEXT); COMMIT;');
    return db;
  } catch (error) {
    db.close();
    if (isBusy(error)) return undefined;
    throw error;
  }
}

/**
 * Holds the data dir for this process, or throws `box_running` naming the box that holds it.
 * `previous` is the info a crashed holder left behind (worth a log line), if any.
 */
export function acquireBoxLock(
  home: string,
  info: Omit<BoxInfo, 'pid' | 'started_at'>,
  lang: Lang,
): BoxLock & { previous?: BoxInfo } {
  const left = readBoxInfo(home);
  // A start racing a CLI command's momentary look waits for it instead of refusing.
  const db = tryLock(home, 2000);
  if (!db) throw boxRunningError(home, readBoxInfo(home), lang);
  let current: BoxInfo = { ...info, pid: process.pid, started_at: new Date().toISOString() };
  const write = () => writeFileAtomicSync(join(home, BOX_INFO_FILE), `${JSON.stringify(current)}\n`, 0o600);
  write();
  let released = false;
  return {
    ...(left && left.pid !== process.pid ? { previous: left } : {}),
    update(more) {
      current = { ...current, ...more };
      if (!released) write();
    },
    release() {
      if (released) return;
      released = true;
      rmSync(join(home, BOX_INFO_FILE), { force: true });
      db.close();
    },
  };
}

/** The running box of this data dir, if one holds its lock (a look that takes no time and holds nothing). */
export function runningBox(home: string): BoxInfo | { pid?: undefined } | undefined {
  let db: Database | undefined;
  try {
    db = tryLock(home, 0);
  } catch {
    // A home we cannot write to is not locked by us; whoever runs there, nothing is known.
    return undefined;
  }
  if (db) {
    db.close();
    return undefined;
  }
  return readBoxInfo(home) ?? {};
}

export function boxRunningError(home: string, info: Partial<BoxInfo> | undefined, lang: Lang): AppError {
  return new AppError('box_running', storeMessages(lang).boxRunning(home, info ?? {}), {
    details: { home, ...(info?.pid ? { pid: info.pid } : {}), ...(info?.port ? { port: info.port } : {}) },
  });
}
