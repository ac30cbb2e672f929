/**
 * Start-up after a crash and file permissions (issue 9, findings 12 and 13): stale
 * install staging dirs and upload temp dirs are removed; a damaged `memories.db`
 * stops start-up naming the file, its backups and how to recover; the home is 0700
 * and the files holding secrets are 0600, also when they already existed.
 */

import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import { isAppError } from '../../src/errors.js';
import { closeLogger } from '../../src/log/logger.js';
import { openDatabase } from '../../src/store/database.js';
import { tempHome } from '../helpers/cli.js';
import { createQuietApp } from '../helpers/quiet-app.js';

function config(lang = 'en') {
  return JSON.stringify({
    lang,
    llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
  });
}

async function start(home: string): Promise<App> {
  return createQuietApp({ home, env: { HOME: home } });
}

async function stop(app: App): Promise<void> {
  await app.close();
  closeLogger(app.logger);
}

const require = createRequire(import.meta.url);
const mode = (path: string) => statSync(path).mode & 0o777;

async function startFailure(home: string): Promise<{ code: string; message: string }> {
  try {
    const app = await start(home);
    await stop(app);
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('start-up was expected to fail');
}

/** A real process opens the database, reads it, and is killed (-9) with it open: its -wal stays behind. */
function killedWhileOpen(db: string): void {
  const script = `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const d = new D(${JSON.stringify(db)});
    d.pragma('journal_mode = WAL');
    d.prepare('SELECT count(*) FROM memories').get();
    process.kill(process.pid, 'SIGKILL');`;
  const result = spawnSync(process.execPath, ['-e', script]);
  expect(result.signal).toBe('SIGKILL');
  expect(existsSync(`${db}-wal`)).toBe(true);
}

/** A real database with a few memories, closed again; returns its path. */
async function seedDatabase(home: string): Promise<string> {
  const app = await start(home);
  for (let i = 0; i < 200; i++)
    app.memory.save({ summary: `memory ${i}`, content: `memory number ${i} ${'padding '.repeat(40)}` });
  await stop(app);
  return join(home, 'memories.db');
}

describe('start-up after a crash', () => {
  it('removes stale install staging dirs, replaced skill folders, upload dirs, snapshot and restore staging and temp copies of atomic writes older than the process', async () => {
    const home = tempHome('aibox-leftovers-');
    writeFileSync(join(home, 'config.json'), config());
    const staging = join(home, 'skills', '.install-weather-0a1b2c3d');
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'weather.sh'), '#!/bin/sh\necho half installed\n');
    const upload = join(tmpdir(), `aibox-upload-stale${process.pid}`);
    mkdirSync(upload, { recursive: true });
    writeFileSync(join(upload, 'x.sh'), 'x');
    const past = new Date(Date.now() - 3 * 3600_000);
    utimesSync(upload, past, past);
    utimesSync(staging, past, past);
    const fresh = join(home, 'skills', '.install-other-00000000');
    writeFileSync(fresh, 'being installed by another process right now');
    const configCopy = join(home, '.config.json.4242.1.k3y5x0.tmp');
    writeFileSync(configCopy, '{"server":{"token":"t0ken"}}');
    utimesSync(configCopy, past, past);
    const freshCopy = join(home, '.config.json.4343.1.a.tmp');
    writeFileSync(freshCopy, 'being written by another process right now');

    // A killed --force reinstall, atomic writes in the prompts and skills dirs, a killed snapshot and restore.
    const replaced = join(home, 'skills', '.replaced-weather-0a1b2c3d');
    mkdirSync(replaced, { recursive: true });
    writeFileSync(join(replaced, 'SKILL.md'), 'the old version');
    mkdirSync(join(home, 'prompts'), { recursive: true });
    const promptCopy = join(home, 'prompts', '.01-persona.md.4242.3.z9.tmp');
    const skillCopy = join(home, 'skills', '.examples-installed.4242.4.q1.tmp');
    const snapshotStaging = join(home, 'backups', '.staging-AbC123');
    mkdirSync(snapshotStaging, { recursive: true });
    const snapshotTemp = join(home, 'backups', '.aibox-2026-01-01T00-00-00-000Z-manual.tar.gz.4242.tmp');
    const restoreStaging = join(home, '.restore-XyZ789');
    mkdirSync(restoreStaging);
    for (const file of [promptCopy, skillCopy, snapshotTemp]) writeFileSync(file, 'half written');
    for (const path of [replaced, promptCopy, skillCopy, snapshotStaging, snapshotTemp, restoreStaging])
      utimesSync(path, past, past);
    const freshReplaced = join(home, 'skills', '.replaced-other-11111111');
    mkdirSync(freshReplaced);

    const app = await start(home);
    for (const path of [replaced, promptCopy, skillCopy, snapshotStaging, snapshotTemp, restoreStaging])
      expect(existsSync(path), path).toBe(false);
    expect(existsSync(freshReplaced)).toBe(true);
    expect(existsSync(staging)).toBe(false);
    expect(existsSync(upload)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(configCopy)).toBe(false);
    expect(existsSync(freshCopy)).toBe(true);
    await stop(app);
  });

  it('stops start-up after a crash on a database whose pages are damaged, naming the file, backups and recovery', async () => {
    const home = tempHome('aibox-damaged-');
    writeFileSync(join(home, 'config.json'), config());
    const db = await seedDatabase(home);
    killedWhileOpen(db);
    const backup = `${db}.bak-v3-2026-01-01T00-00-00-000Z`;
    writeFileSync(backup, 'an old copy');
    const size = statSync(db).size;
    expect(size).toBeGreaterThan(20 * 4096);
    const fd = openSync(db, 'r+');
    const garbage = Buffer.alloc(4096 * 16, 0xa5);
    writeSync(fd, garbage, 0, garbage.length, 4096 * 2);
    closeSync(fd);

    const failure = await startFailure(home);
    expect(failure.code).toBe('database_damaged');
    expect(failure.message).toContain(db);
    expect(failure.message).toContain(backup);
    expect(failure.message).toContain('integrity_check');
    expect(failure.message).toContain('.recover');
  });

  it('stops start-up on a file that is not a database at all, in Chinese when configured', async () => {
    const home = tempHome('aibox-notadb-');
    writeFileSync(join(home, 'config.json'), config('zh'));
    writeFileSync(join(home, 'memories.db'), Buffer.alloc(8192, 0x42));
    const failure = await startFailure(home);
    expect(failure.code).toBe('database_damaged');
    expect(failure.message).toContain(join(home, 'memories.db'));
    expect(failure.message).toMatch(/损坏/);
  });
});

describe('private files', () => {
  it('tightens an existing 0755 home and 0644 files to 0700 / 0600, with a notice', async () => {
    const home = tempHome('aibox-perms-');
    writeFileSync(join(home, 'config.json'), config(), { mode: 0o644 });
    const dbPath = join(home, 'memories.db');
    (await openDatabase(dbPath)).close();
    writeFileSync(join(home, 'ai.log'), '', { mode: 0o644 });
    writeFileSync(join(home, 'ai.log.1'), '', { mode: 0o644 });
    const { chmodSync } = await import('node:fs');
    chmodSync(home, 0o755);
    chmodSync(dbPath, 0o644);
    chmodSync(join(home, 'config.json'), 0o644);
    chmodSync(join(home, 'ai.log'), 0o644);
    chmodSync(join(home, 'ai.log.1'), 0o644);

    const app = await start(home);
    app.logger.info('written');
    expect(mode(home)).toBe(0o700);
    for (const file of [
      'config.json',
      'memories.db',
      'memories.db-wal',
      'memories.db-shm',
      'ai.log',
      'ai.log.1',
    ]) {
      expect(mode(join(home, file)), file).toBe(0o600);
    }
    expect(app.notices.join('\n')).toContain(home);
    await stop(app);
  });

  it('creates a new home 0700 with config.json, memories.db and ai.log 0600', async () => {
    const home = join(tempHome('aibox-fresh-'), 'nested', 'home');
    const app = await start(home);
    app.logger.warn('written');
    expect(mode(home)).toBe(0o700);
    for (const file of ['config.json', 'memories.db', 'ai.log'])
      expect(mode(join(home, file)), file).toBe(0o600);
    await stop(app);
  });
});
