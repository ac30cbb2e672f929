import { closeSync, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { looksExecutable } from '../../util/exec-format.js';
import { type RunProcessResult, runProcess } from '../../util/run-process.js';
import { plainTerminalText } from '../../util/untrusted-text.js';
import { commandOnPath } from '../path-commands.js';
import { summarizeHelp } from './help-summary.js';
import { manualSummary } from './manual-summary.js';
import type { ProbeFailure, ProbeLaunch, ProbeOptions, ProbeOutcome } from './probe-outcome.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes strictly; a cut at the output cap may split the last character, which is dropped. */
function decode(bytes: Buffer, truncated: boolean): string | undefined {
  for (let drop = 0; drop <= (truncated ? 3 : 0); drop += 1) {
    try {
      return utf8.decode(bytes.subarray(0, bytes.length - drop));
    } catch {}
  }
  return undefined;
}

/** The interpreter named by the file's `#!` line (`/usr/bin/env python9` → `python9`). */
function shebangInterpreter(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(256);
    const n = readSync(fd, head, 0, head.length, 0);
    const line = head.subarray(0, n).toString('utf8').split('\n')[0] ?? '';
    if (!line.startsWith('#!')) return undefined;
    const parts = line.slice(2).trim().split(/\s+/);
    if (parts[0]?.endsWith('/env')) return parts.find((p, i) => i > 0 && !p.startsWith('-')) ?? parts[0];
    return parts[0];
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The `#!` interpreter when it is missing (absolute path absent, or a bare name not on PATH). */
function missingInterpreter(path: string, options: ProbeOptions): string | undefined {
  const interpreter = shebangInterpreter(path);
  if (!interpreter) return undefined;
  const found = interpreter.includes('/')
    ? existsSync(interpreter)
    : commandOnPath(interpreter, options.env.PATH, '\0') !== undefined;
  return found ? undefined : interpreter;
}

function failure(path: string, r: RunProcessResult, options: ProbeOptions): ProbeFailure | undefined {
  if (r.spawnError) {
    const { code, message } = r.spawnError;
    if (code === 'ENOENT') {
      const interpreter = missingInterpreter(path, options);
      if (interpreter) return { kind: 'badInterpreter', interpreter };
    }
    if (code === 'ENOEXEC') return { kind: 'noExec' };
    if (code === 'EACCES') return { kind: 'access', message };
    return { kind: 'spawn', code, message };
  }
  if (r.timedOut) return { kind: 'timeout', seconds: Math.round(options.timeoutMs / 100) / 10 };
  return undefined;
}

/** bwrap's own complaint (it exits 1 with `bwrap: …` and nothing on stdout), e.g. `execvp PATH: No such file or directory`. */
const BWRAP_EXEC = /^bwrap: execvp .*: ([^\n]*)\n?$/;

/** A sandboxed run that failed before the program started, as the spawn failure it stands for. */
function sandboxFailure(path: string, r: RunProcessResult, options: ProbeOptions): ProbeFailure | undefined {
  if (r.spawnError) return { kind: 'sandbox', message: `bwrap: ${r.spawnError.message}` };
  if (r.timedOut) return { kind: 'timeout', seconds: Math.round(options.timeoutMs / 100) / 10 };
  if (r.exitCode !== 1 || r.stdout.length > 0) return undefined;
  const said = r.stderr.toString('utf8');
  if (!said.startsWith('bwrap: ')) return undefined;
  const exec = BWRAP_EXEC.exec(said)?.[1];
  if (exec === 'No such file or directory') {
    const interpreter = missingInterpreter(path, options);
    return interpreter
      ? { kind: 'badInterpreter', interpreter }
      : { kind: 'spawn', code: 'ENOENT', message: exec };
  }
  if (exec === 'Permission denied') return { kind: 'access', message: `${path}: ${exec}` };
  return { kind: 'sandbox', message: said.trim().split('\n')[0]?.slice(0, 300) ?? '' };
}

/** How to start the probe: in the sandbox the runner planned, or directly. */
function processFor(path: string, name: string, launch: ProbeLaunch, options: ProbeOptions) {
  const common = {
    env: options.env,
    timeoutMs: options.timeoutMs,
    killGraceMs: options.killGraceMs ?? 1000,
    reapAfterExitMs: options.reapAfterExitMs ?? 100,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  if (launch.where === 'sandbox') return { command: launch.command, args: launch.args, ...common };
  return { command: path, args: ['--help'], argv0: name, cwd: options.cwd, ...common };
}

/** Whether the real file lies outside the skills dir (a link to an installed program). */
function isLinkedProgram(path: string, dir: string | undefined): string | undefined {
  try {
    const real = realpathSync(path);
    const base = dir ? realpathSync(dir) : undefined;
    return base && real.startsWith(`${base}${sep}`) ? undefined : real;
  } catch {
    return undefined;
  }
}

/**
 * Runs `PATH --help` where `launch` says: inside the sandbox, or on the host as `name --help`
 * (argv[0] = the skill's name, so no path leaks into usage lines). Argv, no shell, stdin closed,
 * output capped, everything it started killed once it exits; the output is only text to extract
 * summary and content from. Never throws.
 */
export async function probeExecutable(
  path: string,
  name: string,
  options: ProbeOptions,
  launch: ProbeLaunch = { where: 'host' },
): Promise<ProbeOutcome> {
  if (launch.where === 'held') return { ok: false, failure: { kind: 'held' } };
  // libc's execvp (bwrap's) would run a file the kernel refuses with /bin/sh: refuse it here first.
  if (launch.where === 'sandbox' && !looksExecutable(path)) return { ok: false, failure: { kind: 'noExec' } };
  options.onSpawn?.();
  const r = await runProcess(processFor(path, name, launch, options));
  const failed = launch.where === 'sandbox' ? sandboxFailure(path, r, options) : failure(path, r, options);
  if (failed) return { ok: false, failure: failed };
  const stdout = decode(r.stdout, r.stdoutTruncated);
  if (stdout === undefined) return { ok: false, failure: { kind: 'invalidUtf8' } };
  let text = stdout;
  if (!text.trim()) {
    const stderr = decode(r.stderr, r.stderrTruncated);
    if (stderr === undefined) return { ok: false, failure: { kind: 'invalidUtf8' } };
    if (r.exitCode === 127) {
      // 127: `env` found no interpreter, or a command the program runs (a wrapper's `exec`) is missing.
      const interpreter = missingInterpreter(path, options);
      if (interpreter) return { ok: false, failure: { kind: 'badInterpreter', interpreter } };
      const said = plainTerminalText(stderr).trim().split('\n')[0]?.slice(0, 200);
      return { ok: false, failure: { kind: 'notFound127', ...(said ? { detail: said } : {}) } };
    }
    text = stderr;
  }
  // Scripts print `$0` (the path): show the name instead, as argv[0] does for binaries.
  const clean = plainTerminalText(text).split(resolve(path)).join(name).split(path).join(name);
  const help = summarizeHelp(clean, name);
  if (!help)
    return {
      ok: false,
      failure: r.signal
        ? { kind: 'noOutput', signal: r.signal }
        : { kind: 'noOutput', exitCode: r.exitCode ?? -1 },
    };
  const real = isLinkedProgram(path, options.cwd);
  const manual = real ? manualSummary([name, basename(real)]) : undefined;
  const fallback = help.source === 'usage' && manual !== undefined;
  return {
    ok: true,
    summary: cap(fallback ? (manual as string) : help.summary),
    content: clean.trim(),
    summarySource: fallback ? 'manual' : help.source,
    ...(manual ? { systemDescription: cap(manual) } : {}),
  };
}

const MAX_SUMMARY_CHARS = 200;

function cap(line: string): string {
  return line.length > MAX_SUMMARY_CHARS ? `${line.slice(0, MAX_SUMMARY_CHARS - 1)}…` : line;
}
