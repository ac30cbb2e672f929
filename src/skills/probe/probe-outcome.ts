/**
 * What a `--help` probe (probe.ts) is given and what it yields, apart from the probing itself: a
 * registry whose probes are all cached (every CLI search) never loads probe.ts, nor the
 * child_process and crypto modules it needs.
 */

import type { SkillMessages } from '../messages.js';
import type { SummarySource } from './help-summary.js';

/**
 * Where one `--help` probe runs. `sandbox`: the program and arguments that run it inside the
 * sandbox (they end with the file's path and `--help`); `host`: directly; `held`: not at all, no
 * sandbox can run here and nobody said yes to running this file on the host.
 */
export type ProbeLaunch =
  | { where: 'sandbox'; command: string; args: string[] }
  | { where: 'host' }
  | { where: 'held' };

/**
 * Who vouches for the file being probed: `person` (a person installs it), `model` (the model
 * installs or made it), `loaded` (a load or reload: the runner looks the skill up by name).
 */
export type ProbeOrigin = 'person' | 'model' | 'loaded';

/** Decides where each probe runs (the app builds it from the sandbox status and the skills' provenance). */
export interface ProbeRunner {
  launch(path: string, name: string, origin: ProbeOrigin): Promise<ProbeLaunch>;
}

export interface ProbeOptions {
  timeoutMs: number;
  /** Where probes run; absent: on the host (tests of the probe itself). */
  runner?: ProbeRunner;
  /** Complete environment of the probe, secrets already removed. */
  env: NodeJS.ProcessEnv;
  /** The skills dir (the probe's cwd). */
  cwd?: string;
  killGraceMs?: number;
  /** After `--help` exits, what it left running is killed after this many ms (default 100). */
  reapAfterExitMs?: number;
  /** Stops the probe (the registry closing); an aborted probe's outcome must not be kept. */
  signal?: AbortSignal;
  /** Called once per process actually started (the cache's "zero spawns" is observable through it). */
  onSpawn?: () => void;
}

/** Why a probe failed, language-neutral (kept in the cache file; rendered by describeProbeFailure). */
export type ProbeFailure =
  | { kind: 'timeout'; seconds: number }
  | { kind: 'badInterpreter'; interpreter: string }
  | { kind: 'noExec' }
  | { kind: 'access'; message: string }
  | { kind: 'spawn'; code: string; message: string }
  | { kind: 'invalidUtf8' }
  | { kind: 'noOutput'; exitCode?: number; signal?: string }
  | { kind: 'notFound127'; detail?: string }
  | { kind: 'held' }
  | { kind: 'sandbox'; message: string };

export type ProbeOutcome =
  | {
      ok: true;
      summary: string;
      content: string;
      summarySource: SummarySource;
      /** The man page NAME line of a linked system program (see Skill.systemDescription). */
      systemDescription?: string;
    }
  | { ok: false; failure: ProbeFailure };

export function describeProbeFailure(f: ProbeFailure, t: SkillMessages): string {
  switch (f.kind) {
    case 'timeout':
      return t.probeTimeout(f.seconds);
    case 'badInterpreter':
      return t.probeBadInterpreter(f.interpreter);
    case 'noExec':
      return t.probeNoExec;
    case 'access':
      return t.probeAccess(f.message);
    case 'spawn':
      return t.probeSpawnFailed(f.code, f.message);
    case 'invalidUtf8':
      return t.probeInvalidUtf8;
    case 'noOutput':
      return t.probeNoOutput(f.signal ? t.exitSignal(f.signal) : t.exitCode(f.exitCode ?? -1));
    case 'notFound127':
      return t.probeCommandNotFound(f.detail ?? '');
    case 'held':
      return t.probeHeld;
    case 'sandbox':
      return t.probeSandboxFailed(f.message);
  }
}
