/** The frames of PROTOCOL.md version 1 the page reads and sends (a structural copy; the server owns the truth). */

/** One transcript entry of the `history` frame (the server's HistoryEntry in wire snake_case). */
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
}

export type ServerFrame =
  | {
      type: 'connection_ack';
      content?: string;
      protocol?: number;
      server?: { name: string; version: string };
      session?: string;
    }
  | { type: 'history'; session?: string; messages: HistoryEntry[] }
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
  | { type: 'complete'; content: string; turn_id?: string; session?: string }
  | { type: 'error'; content: string; code?: string; turn_id?: string; session?: string }
  | { type: 'dialogue_ended'; content?: string; session?: string }
  | { type: 'dialogue_reset'; content?: string; session?: string }
  | { type: 'command_result'; content: string; id?: string }
  | { type: 'info'; content: string }
  | {
      type: 'skills_changed';
      added: string[];
      removed: string[];
      changed: string[];
      broken: string[];
      total: number;
    }
  | { type: 'task_status'; task_id: number | string; title?: string; status: string; message?: string }
  | {
      type: 'task_process';
      task_id: string | number;
      execution_id: string;
      task_title?: string;
      msg_type: string;
      content: string;
      timestamp?: string;
    }
  | {
      type: 'task_error';
      task_id: string | number;
      execution_id?: string;
      task_title?: string;
      error: string;
    }
  | { type: 'pong' }
  | { type: 'line'; content: string }
  | ApprovalRequestFrame
  | ApprovalResolvedFrame;

export type ApprovalDecision = 'allow' | 'always' | 'deny';

/** A risky step waits for a person (sent to every aibox.v1 client of the session). */
export interface ApprovalRequestFrame {
  type: 'approval_request';
  approval_id: string;
  session?: string;
  turn_id: string;
  call_id: string;
  tool: string;
  command: string;
  reason: string;
  expires_at: string;
  can_always: boolean;
}

/** How it ended: a person's answer, `timeout`, `unattended`, `aborted` or `policy`. */
export interface ApprovalResolvedFrame {
  type: 'approval_resolved';
  approval_id: string;
  session?: string;
  decision: string;
  approved: boolean;
  by?: string;
}

export type ClientFrame =
  | { type: 'message'; content: string; id?: string }
  | { type: 'command'; command: string; id?: string }
  | { type: 'abort' }
  | { type: 'approval'; approval_id: string; decision: ApprovalDecision }
  | { type: 'ping' };

/** Parses one text frame; anything that is not an object with a string `type` is dropped. */
export function parseFrame(data: unknown): ServerFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as ServerFrame;
    }
  } catch {
    // not JSON: ignored (the server only sends JSON)
  }
  return undefined;
}
