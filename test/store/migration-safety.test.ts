/**
 * Upgrades you can undo (issue 20): before a migration the whole data dir is snapshotted and the
 * start says the command that goes back; a failing migration leaves the file exactly as it was;
 * an older build refuses a database migrated by a newer one, naming the version and the restore
 * command. Real files, `aibox serve` as a child process; `aibox restore`, `backup` and `memory list`
 * in this process (runInProcess).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/backup/manifest.js';
import { migrationSnapshots } from '../../src/backup/migration-snapshots.js';
import { snapshotPlaces } from '../../src/backup/snapshot-contents.js';
import { dataPaths } from '../../src/config/paths.js';
import { isAppError } from '../../src/errors.js';
import { openDatabase } from '../../src/store/database.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { quietBoxConfig, serveProcess } from '../helpers/serve-process.js';
import { buildLegacyDb } from './legacy-db.js';

const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

function legacyHome(): string {
  const home = tempHome('aibox-upgrade-');
  writeFileSync(join(home, 'config.json'), quietBoxConfig());
  buildLegacyDb(join(home, 'memories.db'));
  return home;
}

/** Everything in the file that a person could lose: schema version and every row of every table. */
function contents(path: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[];
    const dump = tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).raw().all()]);
    return createHash('sha256')
      .update(JSON.stringify([db.pragma('user_version', { simple: true }), dump]))
      .digest('hex');
  } finally {
    db.close();
  }
}

describe('upgrading the data', () => {
  it('snapshots the data dir before migrating the original database, and the command it names goes back', async () => {
    const home = legacyHome();
    const original = contents(join(home, 'memories.db'));
    const server = await serveProcess(home);
    const back = /to go back: (.+ restore (\S+))\)/.exec(server.stdout());
    expect(back?.[2]).toContain(join(home, 'backups', 'aibox-'));
    const manifest = await readManifest(back?.[2] ?? '');
    expect(manifest.reason).toBe('before-migration');
    expect(manifest.schema.database).toBe(0);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(contents(join(home, 'memories.db'))).not.toBe(original);
    // Progress of the long steps is in the log.
    const log = readFileSync(join(home, 'ai.log'), 'utf8');
    expect(log).toContain('migrating the database (2 memories): 2 of 2');
    expect(log).toContain('migrating the database (3 tasks): 4 of 4');

    const restored = await runInProcess(['restore', back?.[2] ?? ''], { home });
    expect(restored.stderr).toBe('');
    expect(contents(join(home, 'memories.db'))).toBe(original);
  });

  it('does not migrate when no snapshot can be taken first, and says so', async () => {
    const home = legacyHome();
    const before = contents(join(home, 'memories.db'));
    writeFileSync(join(home, 'backups'), 'a file where the snapshots folder should be');
    const refused = await serveProcess(home).then(
      () => undefined,
      (e: { stderr: string }) => e.stderr,
    );
    expect(refused).toContain('No snapshot could be taken before migrating the database');
    expect(contents(join(home, 'memories.db'))).toBe(before);
  });

  it('a migration that fails leaves the file exactly as it was and names the command that goes back', async () => {
    const home = legacyHome();
    const path = join(home, 'memories.db');
    const before = contents(path);
    const failing = {
      version: LATEST + 1,
      name: 'broken',
      up(db: Database.Database) {
        db.exec("UPDATE memories SET topic = 'overwritten'");
        throw new Error('disk on fire');
      },
    };
    const paths = dataPaths(home);
    const error = await openDatabase(path, {
      migrations: [...MIGRATIONS, failing],
      snapshots: migrationSnapshots({
        places: snapshotPlaces(paths, paths.config),
        logFile: paths.log,
        dir: join(home, 'backups'),
        keep: 5,
        command: 'aibox',
      }),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAppError(error, 'migration_failed')).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain(`${LATEST + 1} broken`);
    expect(message).toContain('disk on fire');
    expect(message).toMatch(/aibox restore \S+before-migration\.tar\.gz/);
    // Migrations 1…5 ran in the same transaction: they are rolled back too.
    expect(contents(path)).toBe(before);
  });

  it('an older build refuses data migrated by a newer one, naming the version and the restore command', async () => {
    const home = tempHome('aibox-too-new-');
    writeFileSync(join(home, 'config.json'), quietBoxConfig());
    (await openDatabase(join(home, 'memories.db'))).close();
    const made = await runInProcess(['backup', '--json'], { home });
    const snapshot = JSON.parse(made.stdout).file as string;
    // What a newer build's migration leaves.
    const db = new Database(join(home, 'memories.db'));
    db.pragma(`user_version = ${LATEST + 3}`);
    db.prepare("UPDATE aibox_schema SET value = '9.9.9' WHERE key = 'written_by'").run();
    db.close();
    const newer = contents(join(home, 'memories.db'));

    const refused = await serveProcess(home).then(
      () => undefined,
      (e: { stderr: string }) => e.stderr,
    );
    expect(refused).toContain(`schema version ${LATEST + 3}`);
    expect(refused).toContain('9.9.9');
    expect(refused).toContain(`restore ${snapshot}`);
    const zh = await runInProcess(['memory', 'list'], { home, env: { AIBOX_LANG: 'zh' } });
    expect(zh.code).not.toBe(0);
    expect(zh.stderr).toContain('更新的 Aibox');
    expect(contents(join(home, 'memories.db'))).toBe(newer);

    expect((await runInProcess(['restore', snapshot], { home })).code).toBe(0);
    const list = await runInProcess(['memory', 'list', '--json'], { home });
    expect(list.code).toBe(0);
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe(quietBoxConfig());
  });
});
