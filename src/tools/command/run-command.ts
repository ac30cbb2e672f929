/** run_command: a shell command in the workspace, streamed live, killed as a group on timeout/abort. */
import { z } from 'zod';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import type { CommandEnv, CommandGuard, SpawnSpec } from '../../safety/command/command-guard.js';
import { guardedShellArgs } from '../../safety/sandbox/sandbox.js';
import { runProcess } from '../../util/run-process.js';
import { checkDirectory, ensureWorkspace, resolveToolPath } from '../files/workspace.js';
import { type Field, failure, formatResult } from '../format.js';
import { commonMessages } from '../messages.js';
import type { ResultLimiter } from '../result-limit.js';
import type { Tool, ToolResult } from '../tool.js';
import { buildChildEnv } from './child-env.js';
import { judgeCommand } from './judge-command.js';
import { runCommandMessages } from './messages.js';
import { OutputCollector } from './output-collector.js';

/** Output kept in memory for the saved full-output file; past this only the tail is kept. */
const KEEP_OUTPUT_CHARS = 8 * 1024 * 1024;
const KEEP_TAIL_CHARS = 1024 * 1024;
/** Live output forwarded to people per command; past this a notice is sent once (the model still gets head + tail). */
const LIVE_OUTPUT_MAX_CHARS = 4 * 1024 * 1024;

export interface RunCommandToolOptions {
  lang: Lang;
  config: Config['tools'];
  workspace: string;
  skillsDir: string;
  secretEnvNames: readonly string[];
  limiter: ResultLimiter;
  /** The environment commands start from (default process.env); secrets are removed from it. */
  baseEnv?: NodeJS.ProcessEnv;
  /** SIGTERM → SIGKILL grace for the process group. */
  killGraceMs?: number;
  /** Memory bounds of one command's output (defaults above; tests make them small). */
  outputLimits?: { keepChars: number; tailChars: number; liveChars: number };
  /**
   * The command policy and sandbox (src/safety/). The app always passes one; without it every
   * command runs unchecked and unsandboxed, as with `safety.mode = off` (tests of the runner itself).
   */
  guard?: CommandGuard;
}

/**
 * What to start: the guard's plan (sandbox or not), or a plain guarded shell without a policy;
 * `privateTmp`: the paths in the sandbox's private /tmp the command names.
 */
async function decideSpawn(
  options: RunCommandToolOptions,
  command: string,
  cwd: string,
  env: CommandEnv,
  ctx: Parameters<Tool['execute']>[1],
): Promise<{ spawn: SpawnSpec; privateTmp: string[] } | { refused: string }> {
  const guard = options.guard;
  if (!guard)
    return {
      spawn: {
        command: '/bin/sh',
        args: guardedShellArgs(command),
        holdStdin: true,
        env: { ...env.base, ...env.model },
      },
      privateTmp: [],
    };
  return judgeCommand(guard, command, cwd, env, ctx);
}

/** Paths named in a note; the rest are counted. */
const MAX_NOTED_PATHS = 3;

function privateTmpNote(
  paths: readonly string[],
  t: ReturnType<typeof runCommandMessages>,
): string | undefined {
  if (paths.length === 0) return undefined;
  const shown = paths.slice(0, MAX_NOTED_PATHS).join(', ');
  return t.privateTmp(paths.length > MAX_NOTED_PATHS ? `${shown}, …` : shown);
}

/** The server's environment for commands, and the model's variables as they will be set. */
function commandEnv(options: RunCommandToolOptions, extra: RunCommandArgs['env']): CommandEnv {
  const common = {
    base: options.baseEnv ?? process.env,
    secretNames: options.secretEnvNames,
    skillsDir: options.skillsDir,
  };
  const base = buildChildEnv(common);
  if (!extra) return { base, model: {} };
  const asked = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)]));
  const full = buildChildEnv({ ...common, extra: asked });
  // PATH gets the skills dir appended like the server's own.
  return { base, model: Object.fromEntries(Object.keys(asked).map((k) => [k, full[k] ?? ''])) };
}

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/);
/** Numbers and booleans are accepted and passed as strings (no transform: the schema must convert to JSON Schema). */
const envValue = z.union([z.string(), z.number(), z.boolean()]);

function schema(lang: Lang, config: Config['tools']) {
  const m = runCommandMessages(lang);
  return z.object({
    command: z.string().trim().min(1).describe(m.command),
    timeout: z
      .number()
      .optional()
      .describe(m.timeout(config.command_timeout_s, config.command_max_timeout_s)),
    work_dir: z.string().optional().describe(m.workDir),
    env: z.record(envName, envValue).optional().describe(m.env),
  });
}

type RunCommandArgs = z.infer<ReturnType<typeof schema>>;

/** The timeout to use, in seconds, and a note when the asked one was not possible (≤ 0 is never "unlimited"). */
function effectiveTimeout(
  asked: number | undefined,
  config: Config['tools'],
): { seconds: number; clamped: boolean } {
  const max = config.command_max_timeout_s;
  if (asked === undefined) return { seconds: Math.min(config.command_timeout_s, max), clamped: false };
  if (asked <= 0 || asked > max) return { seconds: max, clamped: true };
  return { seconds: asked, clamped: false };
}

/** With the sandbox, the model is told up front what its /tmp and $HOME are (as the tool is made: a /reload to mode off keeps it). */
function description(options: RunCommandToolOptions): string {
  const t = runCommandMessages(options.lang);
  const guard = options.guard;
  const sandboxed = guard?.sandbox.kind === 'bwrap' && guard.mode !== 'off';
  return sandboxed ? `${t.description} ${t.sandboxed}` : t.description;
}

export function createRunCommandTool(options: RunCommandToolOptions): Tool<RunCommandArgs> {
  return {
    name: 'run_command',
    description: description(options),
    parameters: schema(options.lang, options.config),
    async execute(args, ctx): Promise<ToolResult> {
      const t = runCommandMessages(ctx.lang);
      if (!options.config.commands_enabled) return failure(t.disabled);
      const cwd = args.work_dir ? resolveToolPath(args.work_dir, options.workspace) : options.workspace;
      if (cwd === options.workspace) await ensureWorkspace(cwd);
      const problem = await checkDirectory(cwd, ctx.lang);
      if (problem) return failure(t.badWorkDir, [[t.labelWorkDir, problem]]);
      const timeout = effectiveTimeout(args.timeout, options.config);
      const limits = options.outputLimits ?? {
        keepChars: KEEP_OUTPUT_CHARS,
        tailChars: KEEP_TAIL_CHARS,
        liveChars: LIVE_OUTPUT_MAX_CHARS,
      };
      const decided = await decideSpawn(options, args.command, cwd, commandEnv(options, args.env), ctx);
      if ('refused' in decided) return { ok: false, content: `❌ ${decided.refused}` };
      const { spawn } = decided;
      const collector = new OutputCollector(limits.keepChars, limits.tailChars);
      let live = 0;
      const run = await runProcess({
        command: spawn.command,
        args: spawn.args,
        holdStdin: spawn.holdStdin,
        cwd,
        env: spawn.env,
        timeoutMs: timeout.seconds * 1000,
        signal: ctx.signal,
        maxOutputBytes: 0, // output is collected through onOutput, in arrival order
        killGraceMs: options.killGraceMs,
        onOutput(stream, text) {
          collector.push(text);
          if (live < limits.liveChars) {
            live += text.length;
            ctx.output(stream, text);
            if (live >= limits.liveChars) ctx.output('stderr', `\n${t.liveOutputStopped}\n`);
          }
        },
      });
      const seconds = (ms: number) => t.seconds((ms / 1000).toFixed(ms < 10_000 ? 2 : 1));
      let title: string;
      if (run.spawnError) title = t.notStarted;
      else if (run.timedOut) title = t.timedOut(timeout.seconds);
      else if (run.aborted) title = t.aborted;
      else if (run.exitCode === 0) title = t.ok;
      else title = t.failed(run.exitCode === null ? String(run.signal ?? '?') : String(run.exitCode));
      const ok = !run.spawnError && !run.timedOut && !run.aborted && run.exitCode === 0;
      const fields: Field[] = [
        // The model wrote the command: echo it only when short (long scripts would crowd out the output).
        [t.labelCommand, args.command.includes('\n') || args.command.length > 300 ? undefined : args.command],
        [t.labelWorkDir, cwd],
        [t.labelExitCode, run.exitCode ?? undefined],
        [t.labelSignal, run.signal ?? undefined],
        [t.labelDuration, seconds(run.durationMs)],
        [t.labelNote, timeout.clamped ? t.timeoutClamped(args.timeout ?? 0, timeout.seconds) : undefined],
        [t.labelNote, privateTmpNote(decided.privateTmp, t)],
        [t.labelNote, run.spawnError?.message],
        [t.labelNote, collector.dropped > 0 ? t.outputDropped(collector.dropped) : undefined],
      ];
      const fullText = collector.text((n) => `… ${t.outputDropped(n)} …`);
      const output = fullText.length > 0 ? fullText.replace(/\n$/, '') : commonMessages(ctx.lang).noOutput;
      // Leave room for the header and the label lines so the whole result stays within the limit.
      const budget = Math.max(200, options.limiter.maxChars - formatResult(ok, title, fields).length - 200);
      const limited = await options.limiter.limit(output, {
        callId: ctx.callId,
        lang: ctx.lang,
        maxChars: budget,
      });
      fields.push([t.labelFullOutput, limited.fullOutputPath]);
      return {
        ok,
        // The output goes unindented after its label (formatResult would indent every line).
        content: `${formatResult(ok, title, fields)}\n  ${t.labelOutput}:\n${limited.content}`,
        ...(limited.fullOutputPath ? { fullOutputPath: limited.fullOutputPath } : {}),
        // A program's output (a skill's, a download's) is outside text.
        ...(run.spawnError ? {} : { untrusted: 'command' }),
      };
    },
  };
}
