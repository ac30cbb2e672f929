/**
 * The scheduler's contract: what it is asked to do and the domain events it tells its followers.
 * Like a session's `SessionEvent`s, they say what happened to which task and run; the server
 * maps them to the `task_*` wire frames (src/server/tasks/scheduler-frames.ts, docs/protocol.md
 * "Tasks") and the channels post results from them. `at` is the scheduler clock's time of the event.
 */
import type { SessionEvent } from '../session/types.js';
import type { RunOutcome, Task, TaskChange, TaskRun } from '../tasks/types.js';

export type SchedulerEvent =
  /** A change made through the task store (added, updated, completed, advanced, deleted). */
  | { type: 'task_changed'; change: TaskChange; at: Date }
  /** A claimed run begins (its row is now `running`). */
  | { type: 'run_started'; task: Task; run: TaskRun; at: Date }
  /** An event of the run's session turn, as it happens. */
  | { type: 'run_output'; task: Task; run: TaskRun; event: SessionEvent; at: Date }
  /** The run could not be carried out (its job threw); a `run_ended` that failed follows. */
  | { type: 'run_error'; task: Task; run: TaskRun; error: string; at: Date }
  /** The run ended and is recorded: skipped (its pre-check), complete (`ok`) or failed. */
  | { type: 'run_ended'; task: Task; run: TaskRun; outcome: RunOutcome; at: Date }
  /** A run left queued or running by an instance that is gone, found at start; it is not run again. */
  | { type: 'run_interrupted'; task: Task; run: TaskRun; at: Date };

export interface Scheduler {
  /** Recovers interrupted runs, runs missed occurrences once (late), then sleeps until the next one. */
  start(): void;
  /** Stops timers; waits for runs in progress to settle. */
  stop(): Promise<void>;
  /** Re-reads the next due time (call after adding, editing or removing a task). */
  wake(): void;
  /** When the single timer will fire next; null when idle with nothing scheduled. */
  nextWakeAt(): Date | null;
  onEvent(listener: (event: SchedulerEvent) => void): () => void;
  /** Runs currently executing. */
  readonly activeRuns: number;
  /** Resolves when no run is queued or executing (tests, shutdown). */
  idle(): Promise<void>;
}
