/**
 * `aibox ARGS…` run inside the test process, for tests about what a command does rather than
 * about the process: the bin's own dispatch (src/cli/dispatch.ts, from src/) with the argv, env,
 * cwd, stdout, stderr and exit code runCli gives a child, swapped in for the run and put back
 * after. A child costs ~0.2 s of CPU to start; this costs the command's own work. Keep real
 * processes (runCli) for what only a process shows: the built bundles, start-up, a terminal,
 * signals, pipes, a command that ends its process (`serve`).
 *
 * The state swapped is process-wide, so runs take turns, and a test that starts a child must not
 * run concurrently with one of these (the child would inherit the swapped env and cwd): keep
 * in-process tests out of `describe.concurrent` blocks that spawn. stdin is a pipe that holds
 * `input` and then ends, never a terminal, as runCli's is. Run from src/, the program is
 * another build for the validated config cache (src/config/config-cache.ts): in a home shared with
 * the bin, each side validates config.json again after the other wrote the cache.
 */
import { PassThrough } from 'node:stream';
import { dispatch } from '../../src/cli/dispatch.js';
import { CLI_PATH, type CliRun } from './cli.js';

export interface InProcessOptions {
  home: string;
  env?: NodeJS.ProcessEnv;
  /** What the command reads on stdin before its end (none by default). */
  input?: string;
  cwd?: string;
}

let turn: Promise<unknown> = Promise.resolve();

/** Runs `aibox ARGS…` in this process (one run at a time) and gives what runCli gives for a child. */
export function runInProcess(args: string[], options: InProcessOptions): Promise<CliRun> {
  const run = turn.then(() => runNow(args, options));
  turn = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

/** A stream's write that appends to `sink.text` and calls back as a drained write would. */
function collect(sink: { text: string }): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as Write;
}

/** Makes process.env exactly `target` (as a child's environment is built: undefined values dropped). */
function setEnv(target: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (target[name] === undefined) delete process.env[name];
  for (const [name, value] of Object.entries(target)) if (value !== undefined) process.env[name] = value;
}

async function runNow(args: string[], options: InProcessOptions): Promise<CliRun> {
  const saved = {
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin'),
    argv: process.argv,
    env: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
  };
  const stdout = { text: '' };
  const stderr = { text: '' };
  try {
    setEnv({ ...process.env, AIBOX_LANG: 'en', ...options.env, AIBOX_HOME: options.home });
    if (options.cwd) process.chdir(options.cwd);
    process.argv = [process.execPath, CLI_PATH, ...args];
    process.exitCode = undefined;
    const stdin = new PassThrough();
    stdin.end(options.input ?? '');
    Object.defineProperty(process, 'stdin', { value: stdin, configurable: true, enumerable: true });
    process.stdout.write = collect(stdout);
    process.stderr.write = collect(stderr);
    await dispatch(process.argv);
    return { code: Number(process.exitCode ?? 0), stdout: stdout.text, stderr: stderr.text };
  } finally {
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
    if (saved.stdin) Object.defineProperty(process, 'stdin', saved.stdin);
    process.exitCode = saved.exitCode;
    process.argv = saved.argv;
    process.chdir(saved.cwd);
    setEnv(saved.env);
  }
}
