/**
 * Sessions: one conversation each, with a queue of turns that run one at a
 * time. Frontends subscribe to a session's events; every accepted input ends
 * with exactly one `turn_end` or `error` event for its turn.
 */
import type { AgentEvent, TurnErrorCode } from '../agent/events.js';
import type { StoredAttachment } from '../conversations/types.js';
import type { Usage } from '../providers/types.js';

export type TurnSource = 'user' | 'task';

export type SessionEvent =
  /** `position`: turns ahead of this one (running or queued); 0 means it starts at once. */
  | { type: 'queued'; session: string; turnId: string; source: TurnSource; content: string; position: number }
  | { type: 'turn_start'; session: string; turnId: string; source: TurnSource; content: string }
  | (Exclude<AgentEvent, { type: 'turn_start' }> & { session: string })
  /** Memories put before the user's message in this turn's request (automatic recall). */
  | {
      type: 'recalled';
      session: string;
      turnId: string;
      memories: { id: number; topic: string; summary: string; similarity?: number; untrusted?: string[] }[];
    }
  /** The model ended the conversation (after the turn's `turn_end`). */
  | { type: 'dialogue_ended'; session: string }
  /** `/new`: the conversation was archived and a fresh one begun. */
  | { type: 'dialogue_reset'; session: string };

export type TurnOutcome =
  | { status: 'complete'; turnId: string; content: string; endConversation: boolean; usage: Usage }
  | { status: 'error'; turnId: string; code: TurnErrorCode; message: string };

/** One entry of a session transcript (the `history` frame sends it as the wire's `HistoryEntry`). */
export interface TranscriptEntry {
  role: 'user' | 'assistant' | 'tool';
  content: string;
  /** ISO 8601 with offset. */
  at: string;
  turnId?: string;
  /** assistant: the model's reasoning, when it streamed any. */
  reasoning?: string;
  /** assistant: the tools it called. */
  toolCalls?: { id: string; name: string; args: string }[];
  /** tool: which call this answers, and the tool's name. */
  callId?: string;
  name?: string;
  /** user: the pictures and files that came with it (references, never the bytes). */
  attachments?: StoredAttachment[];
}

export interface EnqueueInput {
  content: string;
  /** Pictures already in the picture store, files already saved: stored with the user message. */
  attachments?: StoredAttachment[];
  source: TurnSource;
  /** Extra text for this turn only (e.g. a scheduled task's instructions); not shown as the user's words. */
  instructions?: string;
  /**
   * Whether this turn may ask a person (docs/safety.md). Default: yes, except a scheduled task's
   * turn (`source: task`), which asks only when its task posts to a chat that can answer.
   */
  attended?: boolean;
  /** Where the turn came from, for the usage ledger (`web`, `cli`, `v1`, `mcp`, a chat kind); default from the session id. */
  channel?: string;
}

export interface Session {
  readonly id: string;
  /**
   * Queues a turn; the promise settles when that turn has ended. Throws AppError
   * `queue_full` when `server.max_queued_turns` turns already wait.
   */
  enqueue(input: EnqueueInput): { turnId: string; position: number; done: Promise<TurnOutcome> };
  /** Cancels the running turn (LLM stream and running tools). Returns false if idle. */
  abort(): boolean;
  readonly busy: boolean;
  readonly queueLength: number;
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** The last `limit` transcript entries of the current conversation. */
  history(limit: number): TranscriptEntry[];
  /** Archives the current conversation and starts a new one (aborts a running turn first). */
  reset(): Promise<void>;
}

export interface SessionManager {
  /**
   * The session (created on first use, resumed from SQLite). At most `server.max_sessions`
   * are held: the least recently used idle one without subscribers is dropped to make room;
   * when none is, throws AppError `too_many_sessions`.
   */
  get(id: string): Session;
  /** Ids of sessions with a conversation in memory. */
  ids(): string[];
  /** Aborts every running turn and waits for the turns to settle (shutdown). */
  close(): Promise<void>;
}
