/**
 * A session: a FIFO queue of turns that run one at a time, subscribers that
 * see every event, abort, and `/new`. Turns of different sessions are
 * independent (each session has its own queue).
 */

import { AppError } from '../errors.js';
import type { Logger } from '../log/logger.js';
import type { IdGenerator } from '../util/ids.js';
import type { ConversationLog } from './conversation-log.js';
import { sessionMessages } from './messages.js';
import type { TurnDeps } from './run-session-turn.js';
import { runSessionTurn } from './run-session-turn.js';
import type { EnqueueInput, Session, SessionEvent, TranscriptEntry, TurnOutcome } from './types.js';

type Job =
  | { kind: 'turn'; turnId: string; input: EnqueueInput; resolve: (outcome: TurnOutcome) => void }
  | { kind: 'reset'; resolve: () => void };

interface RunningJob {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

interface SessionDeps extends Omit<TurnDeps, 'emit' | 'sessionId'> {
  id: string;
  log: ConversationLog;
  ids: IdGenerator;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Turns that may wait behind the running one (read at every enqueue). */
  maxQueuedTurns: () => number;
}

/** A Session plus what only its manager calls. */
export interface ManagedSession extends Session {
  /** Ends queued turns as aborted, aborts the running one and waits for it. */
  close(): Promise<void>;
  /** Running or queued work, or someone subscribed: the manager must not evict it. */
  readonly inUse: boolean;
}

export function createSession(deps: SessionDeps): ManagedSession {
  const listeners = new Set<(event: SessionEvent) => void>();
  const queue: Job[] = [];
  let running: RunningJob | undefined;
  let closed = false;
  const t = sessionMessages(deps.lang);

  const emit = (event: SessionEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        deps.logger.warn(
          { err: error, session: deps.id, event: event.type },
          'session listener threw; ignored',
        );
      }
    }
  };
  const turnDeps: TurnDeps = { ...deps, sessionId: deps.id, emit };

  /** `release` marks the session idle (before the job's promise settles, so `busy`/`abort` are accurate then). */
  async function execute(job: Job, controller: AbortController, release: () => void): Promise<void> {
    if (job.kind === 'reset') {
      try {
        await deps.log.archive();
      } catch (error) {
        deps.logger.error({ err: error, session: deps.id }, 'archiving failed');
      }
      release();
      emit({ type: 'dialogue_reset', session: deps.id });
      job.resolve();
      return;
    }
    const { turnId, input } = job;
    emit({ type: 'turn_start', session: deps.id, turnId, source: input.source, content: input.content });
    const outcome = await runSessionTurn(turnDeps, turnId, input, controller.signal);
    release();
    job.resolve(outcome);
  }

  function pump(): void {
    if (running) return;
    const job = queue.shift();
    if (!job) return;
    const controller = new AbortController();
    const current: RunningJob = { job, controller, done: Promise.resolve() };
    const release = () => {
      if (running === current) running = undefined;
    };
    running = current;
    current.done = execute(job, controller, release)
      .catch((error) => deps.logger.error({ err: error, session: deps.id }, 'session job failed'))
      .finally(() => {
        release();
        pump();
      });
  }

  const turnsQueued = () => queue.filter((job) => job.kind === 'turn').length;

  function endUnrun(job: Job): void {
    if (job.kind === 'reset') {
      job.resolve();
      return;
    }
    const message = t.closed;
    emit({ type: 'error', session: deps.id, turnId: job.turnId, code: 'aborted', message });
    job.resolve({ status: 'error', turnId: job.turnId, code: 'aborted', message });
  }

  return {
    id: deps.id,
    get busy() {
      return running !== undefined || queue.length > 0;
    },
    get queueLength() {
      return turnsQueued();
    },
    get inUse() {
      return running !== undefined || queue.length > 0 || listeners.size > 0;
    },
    enqueue(input) {
      const max = deps.maxQueuedTurns();
      if (turnsQueued() >= max + (running ? 0 : 1)) throw new AppError('queue_full', t.queueFull(max));
      const turnId = deps.ids('turn');
      const position = turnsQueued() + (running ? 1 : 0);
      let resolve!: (outcome: TurnOutcome) => void;
      const done = new Promise<TurnOutcome>((r) => {
        resolve = r;
      });
      const job: Job = { kind: 'turn', turnId, input, resolve };
      emit({
        type: 'queued',
        session: deps.id,
        turnId,
        source: input.source,
        content: input.content,
        position,
      });
      if (closed) endUnrun(job);
      else {
        queue.push(job);
        // Start on a later tick, so the caller has the turn id before turn_start.
        queueMicrotask(pump);
      }
      return { turnId, position, done };
    },
    abort() {
      if (running?.job.kind !== 'turn') return false;
      running.controller.abort();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    history(limit: number): TranscriptEntry[] {
      return deps.log.history(limit);
    },
    reset() {
      return new Promise<void>((resolve) => {
        if (closed) return resolve();
        if (running?.job.kind === 'turn') running.controller.abort();
        // Ahead of queued turns: they run afterwards, in the fresh conversation.
        queue.unshift({ kind: 'reset', resolve });
        queueMicrotask(pump);
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) endUnrun(job);
      running?.controller.abort();
      await running?.done;
    },
  };
}
