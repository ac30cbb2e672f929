/**
 * Joins the usage ledger to the sessions: each turn's meter, with where the turn came from
 * (its task, its channel) and its caps read from the live config.
 */
import { chatOfSession } from '../chats/chat-target.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { EmbeddingMeter } from '../providers/embeddings/embedder.js';
import type { MeterFor } from '../session/agent-port.js';
import type { Task, TaskStore } from '../tasks/types.js';
import type { UsageLedger } from '../usage/ledger.js';
import { usageMessages } from '../usage/messages.js';
import { createTurnMeter } from '../usage/turn-meter.js';

const TASK_SESSION = /^task-(\d+)$/;

/** The task whose runs talk in `sessionId` (scheduler/session-run-job.ts names them `task-<id>`). */
export function taskOfSession(sessionId: string): number | null {
  const match = TASK_SESSION.exec(sessionId);
  return match ? Number(match[1]) : null;
}

/** A task run's cap: the task's own when it has one (0: none), else `scheduler.max_tokens_per_run`. */
export function runCap(config: Config, task: Task | undefined): { limit: number; key: string } | undefined {
  const own = task?.maxTokensPerRun;
  if (own !== null && own !== undefined)
    return own > 0 ? { limit: own, key: `task #${task?.id} max_tokens_per_run` } : undefined;
  const limit = config.scheduler.max_tokens_per_run;
  return limit > 0 ? { limit, key: 'scheduler.max_tokens_per_run' } : undefined;
}

export function usageMeter(options: {
  ledger: UsageLedger;
  /** Where a task run's own cap is read (absent: only the config's applies). */
  tasks?: Pick<TaskStore, 'get'>;
  config: () => Config;
  model: () => string;
  lang: Lang;
}): MeterFor {
  return ({ sessionId, turnId, input }) => {
    const config = options.config();
    const taskId = input.source === 'task' ? taskOfSession(sessionId) : null;
    const channel =
      input.channel ?? (taskId !== null ? 'task' : (chatOfSession(sessionId)?.channel ?? 'web'));
    const perRun = taskId === null ? undefined : runCap(config, options.tasks?.get(taskId));
    return createTurnMeter(
      options.ledger,
      { session: sessionId, turnId, taskId, channel, model: options.model() },
      { perTurn: config.agent.max_tokens_per_turn, ...(perRun ? { perRun } : {}) },
      options.lang,
    );
  };
}

/**
 * Whether a task's run may start: not while a budget is used up, nor when its last run used
 * more tokens than the budgets have left (it would pass its cap); the reason goes in its run record.
 */
export function taskRunGate(options: {
  ledger: UsageLedger;
  tasks: Pick<TaskStore, 'runs'>;
  lang: Lang;
}): (task: Task) => { code: 'budget_exceeded'; message: string } | undefined {
  const { ledger, lang } = options;
  const t = usageMessages(lang);
  return (task) => {
    const refusal = ledger.refusal(lang);
    if (refusal) return { code: 'budget_exceeded', message: t.skippedRun(refusal) };
    const { left, key } = ledger.tokensLeft();
    if (!Number.isFinite(left)) return undefined;
    const last = options.tasks
      .runs(task.id, { limit: 5 })
      .find((run) => run.startedAt !== null && run.endedAt !== null);
    if (!last?.startedAt) return undefined;
    const used = ledger.store.runSum(task.id, last.startedAt, last.endedAt, ledger.currency()).total_tokens;
    if (used <= left) return undefined;
    return { code: 'budget_exceeded', message: t.skippedRun(t.wouldPass(used, left, key)) };
  };
}

/** Embedding requests in the ledger, as the `memory` channel's (session `memory-index`). */
export function embeddingMeter(ledger: UsageLedger, lang: Lang): EmbeddingMeter {
  return {
    refusal: () => ledger.refusal(lang),
    record: (usage, model) => {
      ledger.record({ session: 'memory-index', turnId: '', taskId: null, channel: 'memory', model }, usage);
    },
  };
}
