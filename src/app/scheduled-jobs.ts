/**
 * The box's scheduled work, one unit: the task scheduler (a due task runs as a session turn, its
 * `when` checked first, its budget gated) and the daily memory consolidation, both only when the
 * scheduler runs (`--no-scheduler`, `scheduler.enabled: false`: neither is loaded); the consolidator
 * itself always (`aibox memory consolidate`, the page's Memories tab).
 */
import { type ConsolidateDeps, type Consolidator, createConsolidator } from '../consolidation/consolidate.js';
import { type DailyConsolidation, startDailyConsolidation } from '../consolidation/daily-job.js';
import { createRunStore } from '../consolidation/run-store.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { ApprovalBroker } from '../safety/approvals/approval-broker.js';
import type { SchedulerOptions } from '../scheduler/scheduler.js';
import type { RunPreCheck } from '../scheduler/session-run-job.js';
import type { Scheduler } from '../scheduler/types.js';
import type { SessionManager } from '../session/types.js';
import type { Task, TaskStore } from '../tasks/types.js';
import { taskRunGate } from './usage-meter.js';

export interface ScheduledJobs {
  scheduler?: Scheduler;
  consolidator: Consolidator;
  dailyConsolidation?: DailyConsolidation;
  /** Starts the scheduler, once every service of the app is in place. */
  start(): void;
  /** Stops the daily job (waiting for a run in flight), then the scheduler. */
  stop(): Promise<void>;
}

export interface ScheduledJobsDeps extends Omit<ConsolidateDeps, 'runs'> {
  /** Whether the scheduler runs (the option and `scheduler.enabled`). */
  enabled: boolean;
  tasks: TaskStore;
  sessions: SessionManager;
  approvals: ApprovalBroker;
  logger: Logger;
  maxConcurrentRuns: number;
  preCheck: RunPreCheck;
}

export async function openScheduledJobs(deps: ScheduledJobsDeps): Promise<ScheduledJobs> {
  const { lang, clock, logger } = deps;
  const scheduler = deps.enabled
    ? await loadScheduler(
        {
          store: deps.tasks,
          clock,
          lang,
          maxConcurrentRuns: deps.maxConcurrentRuns,
          onError: (error) => logger.error({ err: error }, 'scheduler error'),
        },
        {
          sessions: deps.sessions,
          approvals: deps.approvals,
          lang,
          gate: taskRunGate({ ledger: deps.ledger, tasks: deps.tasks, lang }),
          preCheck: deps.preCheck,
        },
      )
    : undefined;
  const consolidator = createConsolidator({ ...deps, runs: createRunStore(deps.db, clock) });
  // A scheduled job: with the scheduler, or not at all.
  const dailyConsolidation = deps.enabled
    ? startDailyConsolidation({ consolidator, config: deps.config, clock, lang, logger })
    : undefined;
  return {
    ...(scheduler ? { scheduler } : {}),
    consolidator,
    ...(dailyConsolidation ? { dailyConsolidation } : {}),
    start: () => scheduler?.start(),
    async stop() {
      if (dailyConsolidation) {
        dailyConsolidation.stop();
        await dailyConsolidation.idle();
      }
      await scheduler?.stop();
    },
  };
}

/** The scheduler with its job runner (a due task's session turn), imported only when it runs. */
async function loadScheduler(
  options: Omit<SchedulerOptions, 'runJob'>,
  job: {
    sessions: SessionManager;
    approvals: ApprovalBroker;
    lang: Lang;
    gate: (task: Task) => { code: string; message: string } | undefined;
    preCheck: RunPreCheck;
  },
): Promise<Scheduler> {
  const [{ createScheduler }, { sessionRunJob }] = await Promise.all([
    import('../scheduler/scheduler.js'),
    import('../scheduler/session-run-job.js'),
  ]);
  return createScheduler({ ...options, runJob: sessionRunJob(job.sessions, job) });
}
