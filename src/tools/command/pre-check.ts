/**
 * A scheduled task's pre-check (`when`): a cheap command run before each run; exit 0 → the model
 * is called, anything else → the run is skipped and costs nothing. The command is model-written
 * text like any run_command call, so it goes through the same boundary (`judgeCommand`: the
 * command decision and the sandbox), with a time limit and a cap on what is read of its output.
 *
 * - `admit`, when a task gets a pre-check: allowed → fine; asked → a person is asked now (the
 *   turn that creates the task is attended), and the yes is kept with the task; denied, or
 *   nobody to ask → the task is refused with the reason.
 * - `run`, at each run (nobody watching): asked → runs only if a person approved this exact text
 *   at creation (and `safety.mode` still allows asking); otherwise it is refused, the run skipped.
 */
import type { Lang } from '../../i18n/lang.js';
import type { CommandEnv, CommandGuard } from '../../safety/command/command-guard.js';
import type { RequestApproval } from '../../safety/types.js';
import type { PreCheckResult } from '../../tasks/types.js';
import { runProcess } from '../../util/run-process.js';
import { ensureWorkspace } from '../files/workspace.js';
import { buildChildEnv } from './child-env.js';
import { judgeCommand } from './judge-command.js';
import { preCheckMessages } from './messages.js';

/** Bytes of output read at most (only the first line is kept). */
const MAX_OUTPUT_BYTES = 8 * 1024;
/** Characters of that first line kept in the run record. */
const MAX_LINE_CHARS = 300;

export interface PreCheckRunner {
  /** Judges a new pre-check; `approvedBy` is who said yes when a person was asked (null: nobody needed to). */
  admit(
    command: string,
    ctx: { lang: Lang; requestApproval?: RequestApproval },
  ): Promise<{ ok: true; approvedBy: string | null } | { ok: false; message: string }>;
  /** Runs a stored pre-check. Never rejects. */
  run(
    command: string,
    options: { lang: Lang; approvedBy: string | null; signal?: AbortSignal },
  ): Promise<PreCheckResult>;
}

export interface PreCheckOptions {
  guard: CommandGuard;
  workspace: string;
  skillsDir: string;
  secretEnvNames: readonly string[];
  baseEnv?: NodeJS.ProcessEnv;
  /** Read at each run (`scheduler.pre_check_timeout_s`, live). */
  timeoutMs: () => number;
  /** `tools.commands_enabled`: false refuses every pre-check, as it does run_command. */
  enabled: () => boolean;
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length <= MAX_LINE_CHARS ? trimmed : `${trimmed.slice(0, MAX_LINE_CHARS - 1)}…`;
}

/** A refusal's lines (what was not run, why, how it was decided) joined into one. */
function oneLine(text: string): string {
  return firstLine(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' '),
  );
}

export function createPreCheckRunner(options: PreCheckOptions): PreCheckRunner {
  const { guard, workspace } = options;
  /** The server's environment without secrets, the skills dir on PATH; a pre-check sets no variables. */
  const commandEnv = (): CommandEnv => ({
    base: buildChildEnv({
      base: options.baseEnv ?? process.env,
      secretNames: options.secretEnvNames,
      skillsDir: options.skillsDir,
    }),
    model: {},
  });
  return {
    async admit(command, ctx) {
      if (!options.enabled()) return { ok: false, message: preCheckMessages(ctx.lang).disabled };
      let askedBy: string | null = null;
      const requestApproval: RequestApproval | undefined = ctx.requestApproval
        ? async (request) => {
            const t = preCheckMessages(ctx.lang);
            const outcome = await (ctx.requestApproval as RequestApproval)({
              ...request,
              reason: `${t.askReason} ${request.reason}`,
            });
            if (outcome.approved) askedBy = outcome.by ?? outcome.how;
            return outcome;
          }
        : undefined;
      const spawn = await judgeCommand(guard, command, workspace, commandEnv(), {
        lang: ctx.lang,
        ...(requestApproval ? { requestApproval } : {}),
      });
      if ('refused' in spawn) return { ok: false, message: spawn.refused };
      return { ok: true, approvedBy: askedBy };
    },
    async run(command, runOptions) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const { approvedBy } = runOptions;
      const t = preCheckMessages(runOptions.lang);
      if (!options.enabled())
        return { outcome: 'refused', exit: null, line: t.disabled, durationMs: elapsed() };
      // The yes given when the task was made stands for this text; without one an ask is refused.
      const requestApproval: RequestApproval | undefined =
        approvedBy === null ? undefined : async () => ({ approved: true, how: 'allow', by: approvedBy });
      await ensureWorkspace(workspace);
      const judged = await judgeCommand(guard, command, workspace, commandEnv(), {
        lang: runOptions.lang,
        ...(requestApproval ? { requestApproval } : {}),
      });
      if ('refused' in judged)
        return { outcome: 'refused', exit: null, line: oneLine(judged.refused), durationMs: elapsed() };
      const { spawn } = judged;
      const run = await runProcess({
        command: spawn.command,
        args: spawn.args,
        holdStdin: spawn.holdStdin,
        cwd: workspace,
        env: spawn.env,
        timeoutMs: options.timeoutMs(),
        maxOutputBytes: MAX_OUTPUT_BYTES,
        ...(runOptions.signal ? { signal: runOptions.signal } : {}),
      });
      const output = firstLine(run.stdout.toString('utf8')) || firstLine(run.stderr.toString('utf8'));
      const durationMs = elapsed();
      if (run.spawnError)
        return { outcome: 'error', exit: null, line: firstLine(run.spawnError.message), durationMs };
      if (run.timedOut)
        return { outcome: 'timeout', exit: null, line: t.timedOut(options.timeoutMs() / 1000), durationMs };
      if (run.exitCode === 0) return { outcome: 'passed', exit: 0, line: output, durationMs };
      const ended = run.exitCode === null ? t.signal(String(run.signal ?? '?')) : '';
      return { outcome: 'failed', exit: run.exitCode, line: output || ended, durationMs };
    },
  };
}
