/** Row ↔ record mapping for the `tasks` and `task_runs` tables. */
import type { PreCheckResult, RunDenial, RunStatus, Schedule, Task, TaskRun, TaskStatus } from './types.js';

export interface TaskRow {
  id: number;
  title: string;
  content: string;
  schedule: string;
  status: TaskStatus;
  priority: number;
  tags: string;
  next_run_at: number | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  created_by: string;
  source: string;
  run_count: number;
  last_run_at: string | null;
  last_outcome: RunStatus | null;
  notify: string | null;
  when_command: string | null;
  when_approved_by: string | null;
  max_tokens_per_run: number | null;
}

export interface RunRow {
  id: number;
  task_id: number;
  occurrence: number;
  execution_id: string;
  status: RunStatus;
  late: number;
  claimed_at: string;
  started_at: string | null;
  ended_at: string | null;
  answer: string | null;
  error: string | null;
  /** JSON array of RunDenial. */
  denied: string;
  instance: string;
  /** JSON PreCheckResult, or null. */
  pre_check: string | null;
}

/** A JSON array column; anything else (bad JSON, not an array) reads as empty. */
function jsonArray(raw: string): unknown[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    schedule: JSON.parse(row.schedule) as Schedule,
    status: row.status,
    priority: row.priority,
    tags: jsonArray(row.tags).map(String),
    nextRunAt: row.next_run_at === null ? null : new Date(row.next_run_at).toISOString(),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    completedAt: row.completed_at,
    createdBy: row.created_by,
    source: row.source,
    runCount: row.run_count,
    lastRunAt: row.last_run_at,
    lastOutcome: row.last_outcome,
    notify: row.notify,
    when: row.when_command,
    whenApprovedBy: row.when_approved_by,
    maxTokensPerRun: row.max_tokens_per_run,
  };
}

/** The stored pre-check result; anything unreadable reads as none. */
function preCheckOf(raw: string | null): PreCheckResult | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as PreCheckResult;
    return value && typeof value === 'object' && typeof value.outcome === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function toRun(row: RunRow): TaskRun {
  return {
    id: row.id,
    taskId: row.task_id,
    occurrence: new Date(row.occurrence).toISOString(),
    executionId: row.execution_id,
    status: row.status,
    late: row.late === 1,
    claimedAt: row.claimed_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    answer: row.answer,
    error: row.error,
    denied: jsonArray(row.denied) as RunDenial[],
    instance: row.instance,
    preCheck: preCheckOf(row.pre_check),
  };
}
