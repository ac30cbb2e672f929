/**
 * The safety boundary of every command the model wrote (run_command, a task's pre-check): the
 * command decision (allow, ask a person, deny) with the environment it would run in, the approved
 * model skills remembered, and how to start it (inside the sandbox, or on the host only after a
 * person's yes), with the real-/tmp paths the sandbox keeps private (`privateTmp`, for the note
 * the model gets).
 */
import { authorise } from '../../safety/approvals/authorise.js';
import type { CommandEnv, CommandGuard, SpawnSpec } from '../../safety/command/command-guard.js';
import type { ToolContext } from '../tool.js';

export async function judgeCommand(
  guard: CommandGuard,
  command: string,
  cwd: string,
  env: CommandEnv,
  ctx: Pick<ToolContext, 'lang' | 'requestApproval'>,
): Promise<{ spawn: SpawnSpec; privateTmp: string[] } | { refused: string }> {
  const plan = guard.plan(command, cwd, ctx.lang, env);
  const request = {
    tool: 'run_command',
    command,
    ...(Object.keys(env.model).length > 0 ? { env: env.model } : {}),
  };
  const answer = await authorise(plan.verdict, guard.mode, request, ctx);
  if (!answer.run) return { refused: answer.message };
  await guard.approved(plan);
  return { spawn: guard.spawnSpec(command, cwd, plan.host, env), privateTmp: plan.privateTmp };
}
