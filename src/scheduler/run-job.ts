import type { SessionEvent } from '../session/types.js';
import type { RunJobResult, Task, TaskRun } from '../tasks/types.js';

/**
 * Runs one occurrence as an agent turn in session `task-<id>` and reports the
 * session's events through `emit` (see scheduler/session-run-job.ts).
 */
export type RunJob = (task: Task, run: TaskRun, emit: (event: SessionEvent) => void) => Promise<RunJobResult>;
