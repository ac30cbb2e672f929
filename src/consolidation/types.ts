/**
 * Consolidation's shapes (docs/memory-and-tasks.md, "Consolidation"): a run over one local day,
 * what the model proposed and what was refused, and each change it made, for undo.
 */
import type { Memory, MemoryKind } from '../memory/types.js';

/**
 * `running`; `done`; `capped` (stopped at `memory.consolidate.max_tokens` or a used-up budget,
 * what it read so far applied); `failed` (the model could not be asked; what was read applied);
 * `undone` (its changes reverted).
 */
export type RunStatus = 'running' | 'done' | 'capped' | 'failed' | 'undone';
export type StartedBy = 'schedule' | 'cli' | 'api';

/** One operation the model proposed, once validated. */
export type Operation =
  | { op: 'add'; kind: Exclude<MemoryKind, 'journal'>; summary: string; topic?: string; importance?: number }
  | { op: 'merge'; ids: number[]; summary: string; topic?: string }
  | { op: 'update'; id: number; summary: string; topic?: string }
  | { op: 'outdate'; id: number; reason?: string };

/** An operation refused (or skipped because it changes nothing), with why. */
export interface Rejection {
  /** The part of the day's conversations it came from (1-based). */
  part: number;
  /** The operation as the model wrote it, cut to 300 characters. */
  op: string;
  reason: string;
}

export interface RunStats {
  /** Parts the day's conversations were split into, and how many were read. */
  parts: number;
  partsRead: number;
  /** Messages read (user and assistant text only). */
  messages: number;
  sessions: number;
  /** Operations proposed in all, and applied. */
  proposed: number;
  applied: number;
}

export interface ConsolidationRun {
  id: number;
  /** Local day `YYYY-MM-DD`. */
  day: string;
  status: RunStatus;
  dryRun: boolean;
  startedBy: StartedBy;
  /** Tokens the model requests used (the provider's counts, estimated where it sent none). */
  tokens: number;
  maxTokens: number;
  requests: number;
  error: string | null;
  rejected: Rejection[];
  stats: RunStats;
  startedAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
}

/**
 * What one change did: `add` (a new memory), `merge` (the memory kept, rewritten), `merged` (one
 * folded into it and deleted), `update`, `outdate`, `journal` (the day's note written or rewritten).
 */
export type ChangeAction = 'add' | 'merge' | 'merged' | 'update' | 'outdate' | 'journal';

export interface RunChange {
  id: number;
  runId: number;
  /** Null for an add in a dry run (nothing was written). */
  memoryId: number | null;
  action: ChangeAction;
  /** The memory before (null: it did not exist) and after (null: it was deleted). */
  before: Memory | null;
  after: Memory | null;
  note: string | null;
}
