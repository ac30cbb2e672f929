/**
 * Runs Debian's ffmpeg or ffprobe on one received file, and nothing else:
 *
 * - in the command sandbox when bubblewrap works (the view of `run_command` without a workspace:
 *   system dirs read-only, private empty /tmp and $HOME, the data dir absent, its own network
 *   namespace with loopback only), the input file bound read-only, nothing writable;
 * - else on the host (docs/safety.md, "Voice notes"), where the same arguments keep it to that
 *   file: the input is named as `file:` with `-protocol_whitelist file` (no network protocol) and
 *   its demuxer forced (audio-format.ts);
 * - either way under prlimit (address space, CPU seconds, no file may be written: output goes to
 *   stdout only), with a wall-clock time limit after which its process group is killed, and at
 *   most `maxOutputBytes` of its output kept (more is an error, not a cut).
 */
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { isWithin } from '../../safety/protected-paths.js';
import { bwrapMounts } from '../../safety/sandbox/sandbox.js';
import { systemProgram } from '../../safety/sandbox/sandbox-network.js';
import { type SandboxViewLayout, SYSTEM_DIRS } from '../../safety/sandbox/sandbox-view.js';
import { type RunProcessResult, runProcess } from '../../util/run-process.js';
import { VoiceError } from './voice-error.js';

/** Where ffmpeg runs: bubblewrap with this view, or (no `sandbox`) the host. */
export interface FfmpegPlace {
  sandbox?: { bwrap: string; layout: Omit<SandboxViewLayout, 'workspace'> };
}

export interface FfmpegRun {
  tool: 'ffmpeg' | 'ffprobe';
  /** Arguments after the program; the input is named `file:<input>` in them. */
  args: string[];
  /** The one file it reads (absolute). */
  input: string;
  timeoutMs: number;
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** The program to run instead of the system's `tool` (tests). */
  program?: string;
}

/** Address space of one run: ffmpeg maps ~200 MB of libraries before it decodes a byte. */
const MAX_ADDRESS_BYTES = 1024 * 1024 * 1024;
const KILL_GRACE_MS = 300;
const ENV = { PATH: '/usr/bin:/bin', LC_ALL: 'C' };

/** The options every run starts with: no banner, files only (ffmpeg adds `-nostdin`). */
export const SAFE_INPUT_ARGS = ['-hide_banner', '-protocol_whitelist', 'file'];

function limited(program: string, cpuSeconds: number): string[] {
  const prlimit = systemProgram('prlimit');
  const limits = [`--as=${MAX_ADDRESS_BYTES}`, `--cpu=${cpuSeconds}`, '--fsize=0'];
  return prlimit ? [prlimit, ...limits, '--', program] : [program];
}

/** Runs the tool; throws VoiceError `no_ffmpeg` or `timed_out`, else resolves with how it ended. */
export async function runFfmpeg(place: FfmpegPlace, run: FfmpegRun): Promise<RunProcessResult> {
  const program = run.program ?? systemProgram(run.tool);
  if (!program) throw new VoiceError({ reason: 'no_ffmpeg' });
  const cpuSeconds = Math.max(1, Math.ceil(run.timeoutMs / 1000));
  const argv = [...limited(program, cpuSeconds), ...run.args];
  let command: string;
  let args: string[];
  if (place.sandbox) {
    const input = realpathSync(run.input);
    const own = SYSTEM_DIRS.some((dir) => isWithin(program, dir)) ? [] : [dirname(realpathSync(program))];
    const mounts = bwrapMounts(place.sandbox.layout, '/tmp', [], [input, ...own]);
    command = place.sandbox.bwrap;
    args = [...mounts, ...argv];
  } else {
    [command, ...args] = argv as [string, ...string[]];
  }
  const result = await runProcess({
    command,
    args,
    env: ENV,
    timeoutMs: run.timeoutMs,
    killGraceMs: KILL_GRACE_MS,
    maxOutputBytes: run.maxOutputBytes,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  if (result.spawnError?.code === 'ENOENT') throw new VoiceError({ reason: 'no_ffmpeg' });
  if (result.timedOut) throw new VoiceError({ reason: 'timed_out', seconds: run.timeoutMs / 1000 });
  return result;
}

/** ffmpeg's own words about a failed run (its last stderr line), short. */
export function ffmpegComplaint(result: RunProcessResult): string {
  if (result.spawnError) return result.spawnError.message.slice(0, 200);
  const lines = result.stderr.toString('utf8').trim().split('\n');
  const last = lines.at(-1)?.trim() ?? '';
  return (last || `exit ${result.exitCode ?? result.signal}`).slice(0, 200);
}
