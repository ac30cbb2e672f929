import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { looksExecutable } from './exec-format.js';
import { killPids, processesOfSession, processesWithEnv } from './session-reaper.js';

/**
 * The one way Aibox runs a child process (skill probes, `run_command`).
 * The child gets its own process group, so a timeout or abort kills everything it forked.
 */
interface RunProcessOptions {
  /** Program path, or a shell command line when `shell` is true. */
  command: string;
  args?: string[];
  /** true → run via `/bin/sh -c command`. */
  shell?: boolean;
  cwd?: string;
  /** The complete environment (callers strip secrets). Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Bytes kept in memory per stream (default 256 KiB); the rest is counted, not kept. */
  maxOutputBytes?: number;
  /** Live output, UTF-8 decoded across chunk boundaries. */
  onOutput?: (stream: 'stdout' | 'stderr', text: string) => void;
  /** SIGTERM to the process group, then SIGKILL after this many ms (default 2000). */
  killGraceMs?: number;
  /** argv[0] the program sees (default: `command`); e.g. a skill's name instead of its path. */
  argv0?: string;
  /**
   * When set, the main process exiting ends the run: after this many ms its process group, its
   * session and any process still holding its output pipes (a `setsid` child) are killed, instead
   * of waiting for the pipes to close or the timeout (skill probes: nothing may outlive `--help`).
   */
  reapAfterExitMs?: number;
  /**
   * Give the child a stdin pipe that is never written and is closed when the child exits
   * (the orphan guard of unsandboxed commands watches it). Default: stdin is /dev/null.
   */
  holdStdin?: boolean;
}

export interface RunProcessResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  /** Total bytes seen, kept or not. */
  stdoutBytes: number;
  stderrBytes: number;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** Set when the program could not be started (ENOENT, EACCES, ENOEXEC …). */
  spawnError?: { code: string; message: string };
}

const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024;
const DEFAULT_KILL_GRACE_MS = 2000;
/** After the group was killed and the child exited, how long to wait for pipes a stray descendant holds. */
const PIPE_DRAIN_AFTER_KILL_MS = 200;

class Capture {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  bytes = 0;
  truncated = false;
  private readonly decoder = new StringDecoder('utf8');

  constructor(
    private readonly limit: number,
    private readonly name: 'stdout' | 'stderr',
    private readonly onOutput?: RunProcessOptions['onOutput'],
  ) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    const room = this.limit - this.kept;
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.chunks.push(part);
      this.kept += part.length;
    }
    if (chunk.length > room) this.truncated = true;
    if (this.onOutput) {
      const text = this.decoder.write(chunk);
      if (text) this.onOutput(this.name, text);
    }
  }

  finish(): Buffer {
    if (this.onOutput) {
      const rest = this.decoder.end();
      if (rest) this.onOutput(this.name, rest);
    }
    return Buffer.concat(this.chunks, this.kept);
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

function notStarted(started: number, code: string, message: string): RunProcessResult {
  const empty = Buffer.alloc(0);
  return {
    exitCode: null,
    signal: null,
    stdout: empty,
    stderr: empty,
    stdoutBytes: 0,
    stderrBytes: 0,
    stdoutTruncated: false,
    stderrTruncated: false,
    timedOut: false,
    aborted: false,
    durationMs: performance.now() - started,
    spawnError: { code, message },
  };
}

/** Runs a process to completion. Never rejects: failures are described in the result. */
export function runProcess(options: RunProcessOptions): Promise<RunProcessResult> {
  const started = performance.now();
  const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const grace = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const out = new Capture(limit, 'stdout', options.onOutput);
  const err = new Capture(limit, 'stderr', options.onOutput);
  const [file, args] = options.shell
    ? ['/bin/sh', ['-c', options.command]]
    : [options.command, options.args ?? []];

  if (!options.shell && options.command.includes('/') && !looksExecutable(options.command)) {
    return Promise.resolve(
      notStarted(started, 'ENOEXEC', `spawn ${options.command} ENOEXEC: exec format error`),
    );
  }

  // With reapAfterExitMs every descendant inherits this variable, so one that left the group and
  // the session (`setsid`) is still found (processesWithEnv) when it holds the output open.
  const runId = options.reapAfterExitMs !== undefined ? randomUUID() : undefined;
  const env = runId ? { ...(options.env ?? process.env), AIBOX_RUN_ID: runId } : (options.env ?? process.env);

  return new Promise((resolve) => {
    let timedOut = false;
    let aborted = false;
    let killed = false;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let exited = false;
    let openPipes = 2;
    let settled = false;
    let spawnError: RunProcessResult['spawnError'];
    const timers: NodeJS.Timeout[] = [];

    const finish = () => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      if (options.reapAfterExitMs !== undefined && child.pid !== undefined) {
        // Nothing of the run may outlive it, also what left the group (and closed its output).
        killGroup(child.pid, 'SIGKILL');
        killPids(processesOfSession(child.pid));
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
      resolve({
        exitCode,
        signal: exitSignal,
        stdout: out.finish(),
        stderr: err.finish(),
        stdoutBytes: out.bytes,
        stderrBytes: err.bytes,
        stdoutTruncated: out.truncated,
        stderrTruncated: err.truncated,
        timedOut,
        aborted,
        durationMs: performance.now() - started,
        ...(spawnError ? { spawnError } : {}),
      });
    };
    const maybeFinish = () => {
      if (exited && openPipes === 0) finish();
    };

    /** The child has exited: kill the rest of its group; stop waiting soon for pipes a descendant holds. */
    const reapGroup = () => {
      killGroup(child.pid, 'SIGKILL');
      const drain = setTimeout(finish, PIPE_DRAIN_AFTER_KILL_MS);
      drain.unref();
      timers.push(drain);
    };

    const terminate = () => {
      if (killed) return;
      killed = true;
      killGroup(child.pid, 'SIGTERM');
      const hard = setTimeout(() => killGroup(child.pid, 'SIGKILL'), grace);
      hard.unref();
      timers.push(hard);
    };
    /** Timeout or abort: kill the group; if the child already exited, a descendant holds the pipes. */
    const stop = (reason: 'timeout' | 'abort') => {
      if (settled) return;
      if (!exited) {
        if (reason === 'timeout') timedOut = true;
        else aborted = true;
        terminate();
        return;
      }
      reapGroup();
    };
    const onAbort = () => stop('abort');

    let child: ChildProcessByStdio<Writable | null, Readable, Readable>;
    try {
      child = spawn(file, args, {
        cwd: options.cwd,
        env,
        stdio: [options.holdStdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
        detached: true,
        ...(options.argv0 ? { argv0: options.argv0 } : {}),
      }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
    } catch (error) {
      // Synchronous spawn failures (bad arguments, e.g. a NUL byte in an argument).
      const e = error as NodeJS.ErrnoException;
      resolve(notStarted(started, e.code ?? 'ERR_SPAWN', e.message));
      return;
    }

    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('close', () => {
        openPipes -= 1;
        maybeFinish();
      });
      stream.on('error', () => {});
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES, ENOEXEC…) arrive here and no 'exit' follows.
      if (child.pid === undefined || !exited) {
        spawnError = { code: error.code ?? 'ERROR', message: error.message };
        exited = true;
        openPipes = 0;
        finish();
      }
    });

    /** reapAfterExitMs: the group, the session and what carries the run's marker, after a short grace. */
    const reapEverything = () => {
      const reap = setTimeout(() => {
        if (settled) return;
        killGroup(child.pid, 'SIGKILL');
        if (child.pid !== undefined) killPids(processesOfSession(child.pid));
        if (openPipes > 0 && runId) killPids(processesWithEnv(`AIBOX_RUN_ID=${runId}`));
        const drain = setTimeout(finish, PIPE_DRAIN_AFTER_KILL_MS);
        drain.unref();
        timers.push(drain);
      }, options.reapAfterExitMs);
      reap.unref();
      timers.push(reap);
    };

    child.stdin?.on('error', () => {});
    child.on('exit', (code, sig) => {
      exited = true;
      child.stdin?.destroy();
      exitCode = code;
      exitSignal = sig;
      if (options.reapAfterExitMs !== undefined) reapEverything();
      // A descendant that ignored SIGTERM may still hold the pipes.
      else if (killed) reapGroup();
      maybeFinish();
    });

    if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
      const t = setTimeout(() => stop('timeout'), options.timeoutMs);
      timers.push(t);
    }
    if (options.signal) {
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener('abort', onAbort, { once: true });
    }
  });
}
