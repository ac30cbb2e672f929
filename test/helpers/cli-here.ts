/**
 * Runs an `aibox` command in this process: the same argv dispatch as the bin (src/cli/run-argv.ts)
 * with the environment, argv, stdout, stderr and exit code runCli gives a child, for a fraction of
 * a child's CPU (a CLI start-up is 0.15-0.35 s). For what a command does, on real files, databases
 * and sockets; what is about the process (the bin's start-up, signals, a closed pipe, stdin) stays
 * with runCli, and every command keeps at least one test through the real bin.
 *
 * Runs one at a time (they share process.env, argv and the standard streams) and restores all of
 * them after; the command must be finished when its action resolves, as a CLI run is when it exits.
 */
import { CLI_PATH, type CliRun } from './cli.js';

let queue: Promise<unknown> = Promise.resolve();

/** Like runCli (`AIBOX_LANG=en`, then `env`, then `AIBOX_HOME=home`), without the child. */
export function runCliHere(
  args: string[],
  options: { home: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<CliRun> {
  const run = queue.then(() => runNow(args, options));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

/** A stream's write that keeps the text instead, calling back as a write does. */
function capture(into: string[]): Write {
  return ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => done());
    return true;
  }) as Write;
}

async function runNow(
  args: string[],
  options: { home: string; env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<CliRun> {
  const { runArgv } = await import('../../src/cli/run-argv.js');
  const saved = {
    env: { ...process.env },
    argv: process.argv,
    exitCode: process.exitCode,
    cwd: process.cwd(),
  };
  const writes = { stdout: process.stdout.write, stderr: process.stderr.write };
  const out: string[] = [];
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AIBOX_LANG: 'en',
    ...options.env,
    AIBOX_HOME: options.home,
  };
  // A child's environment has no unset names: spawn leaves out undefined values.
  for (const name of Object.keys(process.env)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
  process.argv = [process.execPath, CLI_PATH, ...args];
  process.exitCode = undefined;
  if (options.cwd) process.chdir(options.cwd);
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  try {
    await runArgv(process.argv);
    return { code: Number(process.exitCode ?? 0), stdout: out.join(''), stderr: err.join('') };
  } finally {
    process.stdout.write = writes.stdout;
    process.stderr.write = writes.stderr;
    process.chdir(saved.cwd);
    process.exitCode = saved.exitCode;
    process.argv = saved.argv;
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, saved.env);
  }
}
