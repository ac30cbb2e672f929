/**
 * The leak guard as vitest runs it: a child vitest runs two fixture files with the guard as their
 * setup file. The file that leaves state behind fails, naming each leak; the file whose own
 * afterAll cleans up passes (the guard runs after the file's hooks and waits for a closing server).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

/** The child's environment: without the parent vitest's worker variables. */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
}

it('fails the leaking fixture file naming each leak, and passes the tidy one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-leak-guard-'));
  const config = join(dir, 'vitest.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      test: {
        include: ['test/helpers/leak-fixtures/*.fixture.ts'],
        setupFiles: ['test/helpers/leak-guard.ts'],
        pool: 'forks',
        maxWorkers: 1,
        isolate: false,
      },
    })};\n`,
  );
  const child = spawn(
    process.execPath,
    [VITEST, 'run', '--root', ROOT, '--config', config, '--reporter=verbose'],
    {
      cwd: ROOT,
      env: { ...childEnv(), NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    output += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    output += d;
  });
  const code = await new Promise<number | null>((done) => child.on('close', done));

  expect(code, output).toBe(1);
  expect(output).toMatch(/FAIL\s+test\/helpers\/leak-fixtures\/leaky\.fixture\.ts/);
  expect(output).toContain('this test file leaves global state behind (isolate: false)');
  expect(output).toContain('process.env.AIBOX_LEAK_FIXTURE was set (to "left")');
  expect(output).toContain("1 more process 'SIGTERM' listener(s)");
  expect(output).toContain('1 more active TCPServerWrap');
  expect(output).not.toMatch(/FAIL\s+test\/helpers\/leak-fixtures\/tidy\.fixture\.ts/);
  expect(output).toMatch(/Test Files\s+1 failed \| 1 passed \(2\)/);
});
