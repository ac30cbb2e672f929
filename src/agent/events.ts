/**
 * What one agent turn emits, in order. Frontends (server, CLI, scheduler)
 * subscribe to these; none of them re-implements the loop.
 */
import type { ErrorCodeOf } from '../error-codes.js';
import type { ChatMessage, Usage } from '../providers/types.js';

/** How a failed turn ends (the `code` of its WebSocket `error` frame and of a `/v1` error). */
export type TurnErrorCode = ErrorCodeOf<
  | 'llm_unavailable'
  | 'llm_error'
  | 'aborted'
  | 'internal'
  | 'budget_exceeded'
  | 'runaway'
  | 'malformed_tool_calls'
>;

export type AgentEvent =
  | { type: 'turn_start'; turnId: string }
  | { type: 'text_delta'; turnId: string; text: string }
  | { type: 'reasoning_delta'; turnId: string; text: string }
  | { type: 'tool_start'; turnId: string; callId: string; name: string; args: unknown }
  | { type: 'tool_output'; turnId: string; callId: string; stream: 'stdout' | 'stderr'; text: string }
  | {
      type: 'tool_end';
      turnId: string;
      callId: string;
      name: string;
      ok: boolean;
      content: string;
      durationMs: number;
      fullOutputPath?: string;
    }
  /**
   * A finished history message, to be persisted at once (assistant, tool); `untrusted`: a tool
   * result's kind of outside text (`ToolResult.untrusted`), stored with it.
   */
  | { type: 'message'; turnId: string; message: ChatMessage; untrusted?: string }
  /** Something the person should know now, once (a budget at 80 %); not part of the answer. */
  | { type: 'notice'; turnId: string; message: string }
  | { type: 'turn_end'; turnId: string; content: string; usage: Usage; endConversation: boolean }
  | { type: 'error'; turnId: string; code: TurnErrorCode; message: string };
