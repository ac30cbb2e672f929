import { closeSync, openSync, readSync } from 'node:fs';
import { type RunProcessResult, runProcess } from '../util/run-process.js';
import { summarizeHelp } from './help-summary.js';
import type { SkillMessages } from './messages.js';

export interface ProbeOptions {
  timeoutMs: number;
  /** Complete environment of the probe, secrets already removed. */
  env: NodeJS.ProcessEnv;
  cwd?: string;
  killGraceMs?: number;
  /** Called once per process actually started (the cache's "zero spawns" is observable through it). */
  onSpawn?: () => void;
}

export type ProbeOutcome =
  | { ok: true; summary: string; content: string; missingSummary: boolean; warning?: string }
  | { ok: false; error: string };

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
export function shebangInterpreter(path: string): string | undefined {
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

function failure(path: string, r: RunProcessResult, timeoutMs: number, t: SkillMessages): string | undefined {
  if (r.spawnError) {
    if (r.spawnError.code === 'ENOENT') return t.probeBadInterpreter(shebangInterpreter(path) ?? '?');
    if (r.spawnError.code === 'ENOEXEC') return t.probeNoExec;
    if (r.spawnError.code === 'EACCES') return t.probeAccess(r.spawnError.message);
    return t.probeSpawnFailed(r.spawnError.code, r.spawnError.message);
  }
  if (r.timedOut) return t.probeTimeout(Math.round(timeoutMs / 100) / 10);
  return undefined;
}

/**
 * Runs `PATH --help` (argv, no shell, stdin closed, output capped, process group killed on
 * timeout) and extracts summary and content per the skill format spec. Never throws.
 */
export async function probeExecutable(
  path: string,
  options: ProbeOptions,
  t: SkillMessages,
): Promise<ProbeOutcome> {
  options.onSpawn?.();
  const r = await runProcess({
    command: path,
    args: ['--help'],
    env: options.env,
    cwd: options.cwd,
    timeoutMs: options.timeoutMs,
    killGraceMs: options.killGraceMs ?? 1000,
  });
  const failed = failure(path, r, options.timeoutMs, t);
  if (failed) return { ok: false, error: failed };
  const stdout = decode(r.stdout, r.stdoutTruncated);
  if (stdout === undefined) return { ok: false, error: t.probeInvalidUtf8 };
  const exit = r.signal ? t.exitSignal(r.signal) : t.exitCode(r.exitCode ?? -1);
  let text = stdout;
  if (!text.trim()) {
    const stderr = decode(r.stderr, r.stderrTruncated);
    if (stderr === undefined) return { ok: false, error: t.probeInvalidUtf8 };
    // `#!/usr/bin/env python9`: env itself reports the missing interpreter with status 127.
    const interpreter = r.exitCode === 127 ? shebangInterpreter(path) : undefined;
    if (interpreter) return { ok: false, error: t.probeBadInterpreter(interpreter) };
    text = stderr;
  }
  const help = summarizeHelp(text);
  if (!help) return { ok: false, error: t.probeNoOutput(exit) };
  return {
    ok: true,
    summary: help.summary,
    content: text.trim(),
    missingSummary: help.missingSummary,
    ...(help.missingSummary ? { warning: t.noSummary } : {}),
  };
}
