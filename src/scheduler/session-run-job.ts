/**
 * The production `runJob`: one agent turn in the task's own session
 * `task-<id>` (never the user's `main`), forwarding that turn's events. A run asks a
 * person only when its task posts to a chat (`notify`): that chat answers. Otherwise every
 * asked-for step is denied; the run result lists them (`denied`, kept in the run record).
 * A task with a pre-check (`when`) runs it first: only exit 0 starts the turn; otherwise the
 * run is skipped with what the command said, and no model is called.
 */
import type { Lang } from '../i18n/lang.js';
import type { ApprovalBroker } from '../safety/approvals/approval-broker.js';
import { enqueueOwnTurn } from '../session/own-turn.js';
import type { SessionManager } from '../session/types.js';
import { formatLocal } from '../tasks/describe.js';
import type { PreCheckResult, RunDenial, Task } from '../tasks/types.js';
import { schedulerMessages } from './messages.js';
import type { RunJob } from './run-job.js';

/** The session a task's runs talk in (never the user's `main`). */
export function taskSessionId(taskId: number): string {
  return `task-${taskId}`;
}

/** Runs a task's pre-check (src/tools/command/pre-check.ts, loaded on first use). */
export type RunPreCheck = (task: Task & { when: string }) => Promise<PreCheckResult>;

export function sessionRunJob(
  sessions: SessionManager,
  options: {
    lang: Lang;
    approvals?: Pick<ApprovalBroker, 'onEvent'>;
    /** Why this run must not start (a budget, docs/usage-and-budgets.md); undefined: it runs. */
    gate?: (task: Task) => { code: string; message: string } | undefined;
    preCheck?: RunPreCheck;
  },
): RunJob {
  const t = schedulerMessages(options.lang);
  return async (task, run, emit) => {
    // Skipped before its turn: the run record says why, and the model is never called.
    const refused = options.gate?.(task);
    if (refused) return { ok: false, error: `${refused.code}: ${refused.message}` };
    let preCheck: PreCheckResult | undefined;
    if (task.when !== null) {
      preCheck = options.preCheck
        ? await options.preCheck({ ...task, when: task.when })
        : { outcome: 'refused', exit: null, line: t.noPreCheck, durationMs: 0 };
      if (preCheck.outcome !== 'passed') return { ok: true, skipped: true, preCheck };
    }
    const session = sessions.get(taskSessionId(task.id));
    let turnId: string | undefined;
    const denied: RunDenial[] = [];
    const stopWatching = options.approvals?.onEvent((event) => {
      if (event.type !== 'resolved' || event.outcome.approved) return;
      const { request } = event;
      if (request.sessionId !== session.id || request.turnId !== turnId) return;
      denied.push({ tool: request.tool, command: request.command, how: event.outcome.how });
    });
    try {
      const input = {
        content: task.content.trim() || task.title,
        source: 'task' as const,
        // Only a task that posts to a chat may ask; its chat is attached while the run runs (docs/channels.md).
        attended: task.notify !== null,
        instructions: t.instructions(
          task.title,
          task.id,
          formatLocal(run.occurrence, task.schedule.timezone),
          run.late,
        ),
      };
      const turn = enqueueOwnTurn(session, input, emit, { sessionEvents: true });
      turnId = turn.turnId;
      const outcome = await turn.done;
      const result =
        outcome.status === 'complete'
          ? { ok: true, answer: outcome.content }
          : { ok: false, error: `${outcome.code}: ${outcome.message}` };
      return { ...result, ...(denied.length > 0 ? { denied } : {}), ...(preCheck ? { preCheck } : {}) };
    } finally {
      stopWatching?.();
    }
  };
}
