import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const CLI_PATH = resolve(import.meta.dirname, '../../dist/cli/main.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh AIBOX_HOME in a temp dir. */
export function tempHome(prefix = 'aibox-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Runs the built `aibox` CLI as a real child process; `nodeArgs` are Node's flags before the script. */
export function runCli(
  args: string[],
  options: { home: string; env?: NodeJS.ProcessEnv; input?: string; cwd?: string; nodeArgs?: string[] } = {
    home: tempHome(),
  },
): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI_PATH, ...args], {
      cwd: options.cwd,
      env: { ...process.env, AIBOX_LANG: 'en', ...options.env, AIBOX_HOME: options.home },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Collects a running child's stdout (utf8); `seen` resolves once the output so far contains/matches `pattern`. */
export function watchOutput(child: ChildProcess): {
  text(): string;
  seen(pattern: string | RegExp): Promise<void>;
  exited: Promise<number | null>;
} {
  const stdout = child.stdout;
  if (!stdout) throw new Error('watchOutput needs a child with a piped stdout');
  let out = '';
  stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  const matches = (pattern: string | RegExp) =>
    typeof pattern === 'string' ? out.includes(pattern) : pattern.test(out);
  const seen = (pattern: string | RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (matches(pattern)) {
          stdout.off('data', check);
          resolve();
        }
      };
      stdout.on('data', check);
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { text: () => out, seen, exited };
}
