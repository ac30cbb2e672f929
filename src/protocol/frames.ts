/**
 * The WebSocket protocol (docs/protocol.md), version 1: every frame the server sends and every
 * frame a client sends, as discriminated unions on `type`. The one description of the wire: the
 * server, `aibox chat`, the scheduler and the web page all import it. Types and constants only —
 * no Node modules, no zod (the page bundles this file); inbound validation is in
 * `parse-client-frame.ts`.
 */

import type { FieldError, FormField, FormReply, FormValues } from './form.js';

/** The subprotocol a client offers to receive the structured frames (tool cards, approvals …). */
export const SUBPROTOCOL = 'aibox.v1';
/** A browser cannot set headers on a WebSocket: it offers `aibox.token.<token>` as a second subprotocol. */
export const TOKEN_SUBPROTOCOL_PREFIX = 'aibox.token.';
/** `connection_ack.protocol`. */
export const PROTOCOL_VERSION = 1;
/** A session id as frames and the `?session=` connect parameter carry it. */
export const SESSION_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A person's answer to an approval request. */
export type ApprovalDecision = 'allow' | 'always' | 'deny';

/**
 * What a rescan of the skills dir changed, by skill name: the `skills_changed` frame,
 * `POST /api/skills/reload` and `SkillRegistry.reload()` (src/skills/types.ts) all carry it.
 */
export interface SkillsChange {
  added: string[];
  removed: string[];
  changed: string[];
  broken: string[];
  total: number;
}

/** One transcript entry of the `history` frame (wire snake_case). */
export interface HistoryEntry {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  at: string;
  turn_id?: string;
  /** assistant: the tools it called (`args` is the JSON text the model wrote). */
  tool_calls?: { id: string; name: string; args: string }[];
  /** tool: which call this answers. */
  call_id?: string;
  name?: string;
  /** user: what came with it (`aibox.v1` clients only). A picture's bytes: `GET /api/pictures/{id}`. */
  attachments?: WireAttachment[];
}

/** A picture by its content hash, or a file by where it was saved in the workspace. */
export type WireAttachment =
  | { kind: 'image'; id: string; name: string; width: number; height: number; bytes: number }
  | { kind: 'audio' | 'file'; name: string; bytes: number; saved?: string };

/** One attachment of a `message` frame: an id `POST /api/uploads` answered. */
export interface MessageAttachment {
  upload: string;
}

/** A risky step waits for a person (sent to every `aibox.v1` client of the session). */
export interface ApprovalRequestFrame {
  type: 'approval_request';
  approval_id: string;
  session?: string;
  turn_id: string;
  call_id: string;
  tool: string;
  command: string;
  /** The environment variables the model set for the command, shown with it (absent: none). */
  env?: Record<string, string>;
  reason: string;
  expires_at: string;
  can_always: boolean;
}

/** How it ended: a person's answer, `timeout`, `unattended`, `aborted` or `policy`. */
export interface ApprovalResolvedFrame {
  type: 'approval_resolved';
  approval_id: string;
  session?: string;
  decision: ApprovalDecision | 'timeout' | 'unattended' | 'aborted' | 'policy';
  approved: boolean;
  by?: string;
}

/**
 * An MCP server asks the person for values (docs/protocol.md "Forms"; sent like approval
 * requests, to every `aibox.v1` client of the session that may answer them).
 */
export interface ElicitationRequestFrame {
  type: 'elicitation_request';
  elicitation_id: string;
  session?: string;
  turn_id: string;
  call_id: string;
  /** The MCP server that asks (its name in `mcp.servers`). */
  server: string;
  message: string;
  fields: FormField[];
  expires_at: string;
}

/** How a form ended: the person's action, or `timeout`, `unattended`, `aborted` (all declined). */
export interface ElicitationResolvedFrame {
  type: 'elicitation_resolved';
  elicitation_id: string;
  session?: string;
  action: FormReply['action'] | 'timeout' | 'unattended' | 'aborted';
  by?: string;
}

/** What a task's status frame reports (store changes and run progress). */
export type TaskStatusKind =
  | 'added'
  | 'updated'
  | 'completed'
  | 'deleted'
  | 'executing'
  | 'complete'
  | 'failed'
  | 'interrupted'
  /** A run whose pre-check did not pass: the model was not called. */
  | 'skipped'
  | 'overdue'
  | 'pending';

/** A task changed or ran (broadcast), or is due (connect time: `reminder_time` and `content`). */
export interface TaskStatusFrame {
  type: 'task_status';
  task_id: number;
  title: string;
  status: TaskStatusKind;
  message?: string;
  content?: string;
  reminder_time?: string;
  timestamp?: string;
  run_id?: number;
  late?: boolean;
}

/** Live output of a task run (the original's field shapes, docs/protocol.md "Tasks"). */
export interface TaskProcessFrame {
  type: 'task_process';
  task_id: string;
  execution_id: string;
  task_title: string;
  msg_type: 'line' | 'chunk' | 'reasoning' | 'complete' | 'error' | 'dialogue_ended';
  content: string;
  is_new_execution: boolean;
  session: string;
  timestamp: string;
}

export interface TaskErrorFrame {
  type: 'task_error';
  task_id: string;
  execution_id: string;
  task_title: string;
  error: string;
  timestamp: string;
}

/** The frames the scheduler broadcasts to every client. */
export type SchedulerFrame = TaskStatusFrame | TaskProcessFrame | TaskErrorFrame;

/** One task as `task_list` and `task_added` carry it (the original's fields plus schedule and status). */
export interface TaskListItem {
  id: number;
  title: string;
  content: string;
  reminder_time: string | null;
  next_run_at: string | null;
  priority: number;
  is_overdue: boolean;
  repeat_type: string;
  repeat_interval: number;
  repeat_interval_unit: string;
  trigger_count: number;
  is_immediate: boolean;
  schedule: string;
  schedule_kind: string;
  cron: string | null;
  timezone: string;
  end_time: string | null;
  status: string;
  tags: string[];
  last_run_at: string | null;
  last_outcome: string | null;
  /** The chat each run's result is posted to (`telegram:42`), or null. */
  notify: string | null;
  /** The pre-check run before each run (exit 0 → the model is called), or null. */
  when: string | null;
  /** The task's own cap on tokens per run; null: `scheduler.max_tokens_per_run`; 0: none. */
  max_tokens_per_run: number | null;
}

/** Replies to a `task` frame. */
export type TaskReplyFrame =
  | {
      type: 'task_added';
      task_id: number;
      title: string;
      reminder_time: string | null;
      schedule: string;
      content: string;
      task: TaskListItem;
    }
  | { type: 'task_list'; tasks: TaskListItem[] }
  | {
      type: 'task_completed';
      task_id: number;
      advanced: boolean;
      next_run_at: string | null;
      content: string;
    }
  | { type: 'task_deleted'; task_id: number; content: string }
  /** Reply to `notify`: the task with its new chat. */
  | { type: 'task_updated'; task_id: number; content: string; task: TaskListItem };

/** Token usage of a finished turn (all its model rounds). */
export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cached_tokens?: number;
  reasoning_tokens?: number;
  /** What the turn cost in `currency` (absent when the model has no price, `llm.prices`). */
  cost?: number;
  currency?: string;
  /** Some rounds reported no usage: the counts are partly Aibox's estimate. */
  estimated?: boolean;
}

/** Every frame the server sends. */
export type ServerFrame =
  | {
      type: 'connection_ack';
      content: string;
      /** The same text for the original clients. */
      message?: string;
      protocol: number;
      server: { name: string; version: string };
      session: string;
      timestamp?: string;
    }
  | { type: 'history'; session?: string; messages: HistoryEntry[] }
  | { type: 'queued'; turn_id: string; session: string; position: number; id?: FrameId }
  | { type: 'turn_start'; turn_id: string; session?: string; source: 'user' | 'task'; content: string }
  | { type: 'chunk'; content: string; turn_id?: string; session?: string }
  | { type: 'reasoning'; content: string; turn_id?: string; session?: string }
  | { type: 'tool_start'; turn_id: string; call_id: string; name: string; args: unknown; session?: string }
  | {
      type: 'tool_output';
      turn_id: string;
      call_id: string;
      stream: 'stdout' | 'stderr';
      content: string;
      session?: string;
    }
  | {
      type: 'tool_end';
      turn_id: string;
      call_id: string;
      name: string;
      ok: boolean;
      content: string;
      duration_ms: number;
      full_output_path?: string;
      session?: string;
    }
  | { type: 'complete'; content: string; turn_id?: string; usage?: WireUsage; session?: string }
  | {
      type: 'error';
      content: string;
      code?: string;
      turn_id?: string;
      session?: string;
      /** The frame it answers (`message` or `command`). */
      id?: FrameId;
      /** `already_decided`: the request that was answered before. */
      approval_id?: string;
      /** `already_decided`, `not_found` or `invalid_values` of an `elicitation` frame. */
      elicitation_id?: string;
      /** `invalid_values`: what is wrong with which field. */
      fields?: FieldError[];
    }
  | { type: 'dialogue_ended'; content?: string; session?: string }
  | { type: 'dialogue_reset'; content?: string; session?: string }
  /** Memories put before the user's message in this turn's request (automatic recall). */
  | {
      type: 'recalled';
      turn_id: string;
      /** `untrusted`: the kinds of outside text a memory came with (docs/memory-and-tasks.md). */
      memories: { id: number; topic: string; summary: string; similarity?: number; untrusted?: string[] }[];
      session?: string;
    }
  | {
      type: 'command_result';
      content: string;
      id?: FrameId;
      /** The command's name (`/tasks`). */
      command?: string;
      /** Structured output for new clients. */
      data?: unknown;
    }
  /** `turn_id`: a notice about that turn (a budget's 80 % warning), shown with it. */
  | { type: 'info'; content: string; session?: string; turn_id?: string }
  | ({ type: 'skills_changed' } & SkillsChange)
  | SchedulerFrame
  | TaskReplyFrame
  | { type: 'pong'; timestamp?: string }
  /** Tool activity as text, for the original clients. */
  | { type: 'line'; content: string; session?: string }
  | ApprovalRequestFrame
  | ApprovalResolvedFrame
  | ElicitationRequestFrame
  | ElicitationResolvedFrame;

export type ServerFrameType = ServerFrame['type'];

/** A frame id a client chose (echoed in `command_result`). */
export type FrameId = string | number;

/** Every frame a client sends (validated on the server by `parse-client-frame.ts`). */
export type ClientFrame =
  | { type: 'message'; content: string; id?: FrameId; session?: string; attachments?: MessageAttachment[] }
  | { type: 'command'; command: string; id?: FrameId; session?: string }
  /** Task fields differ per action; the task handler checks them. */
  | { type: 'task'; action: 'add' | 'list' | 'complete' | 'delete' | 'notify'; [field: string]: unknown }
  | { type: 'abort'; session?: string }
  | { type: 'approval'; approval_id: string; decision: ApprovalDecision }
  | { type: 'elicitation'; elicitation_id: string; action: FormReply['action']; content?: FormValues }
  | { type: 'ping' }
  | { type: 'auth'; token: string };
