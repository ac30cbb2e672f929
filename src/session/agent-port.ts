/**
 * What a session needs from the agent loop (`src/agent/run-turn.ts`). Declared
 * here so the session layer and its tests can name the shape; the real
 * `runTurn` is the default implementation.
 */
import type { AgentEvent, TurnErrorCode } from '../agent/events.js';
import type { Lang } from '../i18n/lang.js';
import type { ChatMessage, ChatProvider, Usage } from '../providers/types.js';
import type { AnyTool } from '../tools/tool.js';

export interface RunTurnInput {
  turnId: string;
  sessionId: string;
  lang: Lang;
  provider: ChatProvider;
  tools: AnyTool[];
  /** The full history: system prompt first, the new user message last. */
  messages: ChatMessage[];
  maxRounds: number;
  temperature?: number;
  maxTokens?: number;
  signal: AbortSignal;
  emit(event: AgentEvent): void;
  now?: () => Date;
}

export type RunTurnOutput =
  | { status: 'complete'; content: string; usage: Usage; endConversation: boolean; messages: ChatMessage[] }
  | { status: 'error'; code: TurnErrorCode; message: string; messages: ChatMessage[] };

export type RunTurnFn = (input: RunTurnInput) => Promise<RunTurnOutput>;
