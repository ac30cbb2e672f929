/**
 * One box per data dir (issue 20): a second `aibox serve` on the same home is refused naming the
 * running one (pid, port); after `kill -9` the lock is taken over by the next start. A CLI command
 * that opens the database while the server runs does no full integrity check (the server's -wal
 * is there because it is open), one after a crash does (that command in this process, runInProcess).
 */
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/memory/store.js';
import { openDatabase } from '../../src/store/database.js';
import { tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { quietBoxConfig, serveProcess } from '../helpers/serve-process.js';

/** memories.db with findable memories, then a table whose pages (at the end of the file) are overwritten. */
async function databaseWithDamagedTail(home: string): Promise<void> {
  const path = join(home, 'memories.db');
  const db = await openDatabase(path);
  const memory = createMemoryStore({ db });
  for (let i = 0; i < 50; i++) memory.save({ summary: `garden note ${i}`, content: `tomatoes ${i}` });
  db.exec('CREATE TABLE junk (x TEXT)');
  const insert = db.prepare('INSERT INTO junk VALUES (?)');
  for (let i = 0; i < 400; i++) insert.run(`${'junk '.repeat(60)}${i}`);
  db.close();
  const size = statSync(path).size;
  const fd = openSync(path, 'r+');
  const garbage = Buffer.alloc(4096 * 20, 0xa5);
  writeSync(fd, garbage, 0, garbage.length, size - 4096 * 24);
  closeSync(fd);
}

describe('one box per data dir', () => {
  it('refuses a second serve naming the first (pid, port), and takes over the lock after kill -9', async () => {
    const home = tempHome('aibox-one-box-');
    writeFileSync(join(home, 'config.json'), quietBoxConfig());
    const first = await serveProcess(home);
    const info = JSON.parse(readFileSync(join(home, '.box.json'), 'utf8'));
    expect(info).toMatchObject({ pid: first.child.pid, port: first.port });

    const second = await serveProcess(home).then(
      () => undefined,
      (error: { stderr: string }) => error,
    );
    expect(second?.stderr).toContain('Another Aibox is using this data dir');
    expect(second?.stderr).toContain(`pid ${first.child.pid}`);
    expect(second?.stderr).toContain(`127.0.0.1:${first.port}`);

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    const third = await serveProcess(home);
    expect(JSON.parse(readFileSync(join(home, '.box.json'), 'utf8')).pid).toBe(third.child.pid);
    // Answering a request: the signal handlers are in place (they are set once the banner is out).
    expect((await fetch(`${third.url}/healthz`)).ok).toBe(true);
    third.child.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);
    expect(existsSync(join(home, '.box.json'))).toBe(false);
  });

  it('a CLI command next to a running server skips the full integrity check; after a crash it runs it', async () => {
    const home = tempHome('aibox-one-box-check-');
    writeFileSync(join(home, 'config.json'), quietBoxConfig());
    await databaseWithDamagedTail(home);
    const server = await serveProcess(home);
    const during = await runInProcess(['memory', 'search', 'garden', '--json'], { home });
    expect(during.stderr).toBe('');
    expect(during.code).toBe(0);
    expect(JSON.parse(during.stdout).total).toBe(50);

    server.child.kill('SIGKILL');
    await server.exited;
    const after = await runInProcess(['memory', 'search', 'garden'], { home });
    expect(after.code).not.toBe(0);
    expect(after.stderr).toContain('The database file is damaged');
  });
});
