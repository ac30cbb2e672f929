/**
 * Scheduled tasks ("memos" in the original): the store, the schedule model and
 * what a run returns (the scheduler's own contract is src/scheduler/types.ts). All instants are ISO 8601 UTC strings on the records;
 * wall-clock rules (daily at 09:00 …) are evaluated in `schedule.timezone`.
 */
export type ScheduleKind = 'once' | 'immediate' | 'interval' | 'daily' | 'weekly' | 'monthly' | 'cron';
export type IntervalUnit = 'minutes' | 'hours' | 'days';

/**
 * When a task runs. Repeating kinds are anchored at `start` (their first
 * occurrence): daily/weekly keep its wall-clock time (and weekday), monthly its
 * day of month (clamped to short months, never drifting), interval adds
 * `every` × `unit` (days in wall-clock time, minutes/hours in absolute time).
 */
export interface Schedule {
  kind: ScheduleKind;
  /** ISO UTC: the first occurrence (once: the only one; immediate: creation time). */
  start: string;
  /** interval: how many units. */
  every?: number;
  unit?: IntervalUnit;
  /** cron: a 5- or 6-field expression (croner). */
  cron?: string;
  /** IANA zone the wall-clock rules use. */
  timezone: string;
  /** ISO UTC: no occurrence after this. */
  end?: string;
}

export type TaskStatus = 'active' | 'completed' | 'deleted';
/** `skipped`: the task's pre-check (`when`) did not pass, so the model was not called. */
export type RunStatus = 'queued' | 'running' | 'complete' | 'failed' | 'interrupted' | 'skipped';

/**
 * What a task's pre-check said: `passed` (exit 0: the model is called), `failed` (another exit),
 * `refused` (the command decision did not let it run), `timeout`, or `error` (it could not start).
 */
export interface PreCheckResult {
  outcome: 'passed' | 'failed' | 'refused' | 'timeout' | 'error';
  /** The exit status; null when it did not exit by itself. */
  exit: number | null;
  /** The first line of its output (or why it did not run), cut to a few hundred characters. */
  line: string;
  durationMs: number;
}

export interface Task {
  id: number;
  title: string;
  content: string;
  schedule: Schedule;
  status: TaskStatus;
  priority: number;
  tags: string[];
  /** ISO UTC of the next occurrence not yet claimed; null when none is left. */
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  createdBy: string;
  source: string;
  runCount: number;
  lastRunAt: string | null;
  lastOutcome: RunStatus | null;
  /** The chat each run's answer (or error) is posted to, e.g. `telegram:42`; null: none. */
  notify: string | null;
  /** A shell command run before each run (the command decision and sandbox of run_command); exit 0 → the model is called. */
  when: string | null;
  /** Who approved `when` when the command decision asked for a person; null: it needed nobody. */
  whenApprovedBy: string | null;
  /** Most tokens one run may use; null: `scheduler.max_tokens_per_run` applies; 0: no cap. */
  maxTokensPerRun: number | null;
}

export interface TaskRun {
  id: number;
  taskId: number;
  /** ISO UTC of the occurrence this run is for (unique per task). */
  occurrence: string;
  /** Protocol `execution_id`. */
  executionId: string;
  status: RunStatus;
  /** Started noticeably after its occurrence (the server was down or busy). */
  late: boolean;
  claimedAt: string;
  startedAt: string | null;
  endedAt: string | null;
  answer: string | null;
  error: string | null;
  /** Steps that needed a person's yes and were refused (nobody can answer during a task's run). */
  denied: RunDenial[];
  /** Which scheduler instance claimed it. */
  instance: string;
  /** What the task's pre-check said; null when it has none (or the run did not get that far). */
  preCheck: PreCheckResult | null;
}

export interface NewTask {
  title: string;
  content?: string;
  schedule: Schedule;
  priority?: number;
  tags?: string[];
  createdBy?: string;
  source?: string;
  /** A chat to post each run's result to (checked by `NotifyTargets`). */
  notify?: string | null;
  /** The pre-check command, already judged by the creator's side (src/tools/command/pre-check.ts). */
  when?: string | null;
  whenApprovedBy?: string | null;
  /** The task's own cap per run (null or absent: the config's). */
  maxTokensPerRun?: number | null;
}

export interface TaskPatch {
  title?: string;
  content?: string;
  schedule?: Schedule;
  priority?: number;
  tags?: string[];
  /** A new chat to post results to; null stops posting. */
  notify?: string | null;
  /** A new pre-check (null removes it); its approval is replaced with `whenApprovedBy` (default none). */
  when?: string | null;
  whenApprovedBy?: string | null;
  /** A new cap per run; null returns to the config's. */
  maxTokensPerRun?: number | null;
}

/**
 * Which chats a task may post its results to. Tasks know no chat app: the channels layer
 * decides (src/chats/notify-targets.ts), and the store asks it on every write.
 */
export interface NotifyTargets {
  /** The target as stored (`telegram:42`), or throws AppError `bad_notify` saying why it is refused. */
  check(target: string): string;
}

export interface TaskListOptions {
  includeCompleted?: boolean;
  includeDeleted?: boolean;
  limit?: number;
  /** Tasks skipped first, in list order (paging). */
  offset?: number;
}

export interface TaskStats {
  total: number;
  active: number;
  /** Active and due now (next run ≤ now). */
  due: number;
  completed: number;
  deleted: number;
  runs: number;
  failedRuns: number;
}

/** A claimed occurrence, ready to run. */
export interface ClaimedRun {
  task: Task;
  run: TaskRun;
}

export interface TaskStore {
  add(input: NewTask): Task;
  get(id: number): Task | undefined;
  /** Active tasks by next run (then deleted/completed ones when asked). */
  list(options?: TaskListOptions): Task[];
  /** How many tasks `list` would give without a limit. */
  count(options?: Pick<TaskListOptions, 'includeCompleted' | 'includeDeleted'>): number;
  /** Case-insensitive substring over title and content. */
  search(keyword: string, options?: TaskListOptions): Task[];
  update(id: number, patch: TaskPatch): Task;
  /** Repeating tasks advance to their next occurrence unless `force`; others complete. */
  complete(id: number, options?: { force?: boolean }): { task: Task; advanced: boolean };
  /** Soft delete (kept for the run history). Returns false if no such live task. */
  delete(id: number): boolean;
  /** Active tasks whose next run is ≤ now. */
  due(now?: Date): Task[];
  /** Earliest next run of any active task. */
  nextDueAt(): Date | null;
  runs(taskId: number, options?: { limit?: number }): TaskRun[];
  recentRuns(limit?: number): TaskRun[];
  stats(now?: Date): TaskStats;
  /**
   * Claims an occurrence in one transaction: moves the task's next run past it
   * and inserts its `task_runs` row (unique per task and occurrence). Returns
   * undefined if another instance claimed it first.
   */
  claim(taskId: number, occurrence: string, instance: string): ClaimedRun | undefined;
  markRunning(runId: number): void;
  finishRun(runId: number, outcome: RunOutcome): TaskRun;
  /** Marks runs left queued/running by dead instances as interrupted; returns them. */
  recoverInterrupted(isAlive: (instance: string) => boolean): TaskRun[];
  /** Changes made through this store (the scheduler wakes on them and tells its followers). */
  onChange(listener: (change: TaskChange) => void): () => void;
}

export interface TaskChange {
  kind: 'added' | 'updated' | 'completed' | 'advanced' | 'deleted';
  task: Task;
}

export interface RunJobResult {
  ok: boolean;
  answer?: string;
  error?: string;
  denied?: RunDenial[];
  /** The pre-check did not pass: the model was not called. */
  skipped?: boolean;
  preCheck?: PreCheckResult;
}

/** How a run ended, as stored: a skipped run is neither complete nor failed. */
export type RunOutcome = Omit<RunJobResult, 'ok'> & { ok: boolean };

/** One refused step of a run: the tool, what it would have done, and why it was refused. */
export interface RunDenial {
  tool: string;
  command: string;
  /** `unattended`, `policy`, `timeout`, `aborted` or `deny` (see ApprovalOutcome). */
  how: string;
}
