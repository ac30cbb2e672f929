import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, type CliRun, runCli, tempHome } from '../helpers/cli.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('aibox entry point', () => {
  it('answers --version and -V alone with the package version, and writes no home', async () => {
    for (const flag of ['--version', '-V']) {
      const home = `${tempHome()}/never-created`;
      const r = await runCli([flag], { home });
      expect(r).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
      expect(existsSync(home)).toBe(false);
    }
  });

  it('leaves everything else to the program: help, global options before --version, stray words', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: aibox');
    expect(help.stdout).toContain('skills');
    const withLang = await runCli(['--lang', 'en', '--version']);
    expect(withLang).toMatchObject({ code: 0, stdout: `${version}\n` });
    // `serve` is the default command, so a stray word is an extra argument to it.
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('too many arguments');
  });
});

/** Runs the CLI with a stdout whose reader is already gone, as `aibox … | head -1` leaves it. */
function runWithClosedStdout(args: string[], home: string): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, ...args], {
      env: { ...process.env, AIBOX_LANG: 'en', AIBOX_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reading end closes before the CLI writes a byte
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout: '', stderr }));
  });
}

describe('aibox with a closed stdout', () => {
  it('exits quietly on EPIPE (help, skills list, skills search) instead of an unhandled error', async () => {
    const home = tempHome();
    for (const args of [['--help'], ['skills', 'list'], ['skills', 'search', 'x']]) {
      const r = await runWithClosedStdout(args, home);
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' });
    }
  });
});
