/**
 * The provider contract: one streaming chat-completion call against an
 * OpenAI-compatible endpoint. Implementations never throw from `stream`:
 * every failure, before or during the stream, is a final `error` event.
 */
import type { ProviderId } from '../config/schema.js';

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** History entries in the OpenAI chat format (the subset Aibox sends). */
export type ChatMessage =
  | { role: 'system'; content: string }
  /**
   * `images`: pictures sent with it, each a `data:` URL (set just before the request, never
   * stored); on the wire the message becomes OpenAI's content parts, text first.
   */
  | { role: 'user'; content: string; images?: readonly string[] }
  | { role: 'assistant'; content: string | null; reasoning_content?: string; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
  temperature?: number;
  maxTokens?: number;
  /** Longest reply (content, reasoning and tool-call arguments together); past it the stream is cut. */
  maxReplyChars?: number;
}

/** Tokens of one or more model requests. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Of the prompt, read from the vendor's cache (billed at the cached price). */
  cachedTokens?: number;
  /** Of the completion, spent thinking. */
  reasoningTokens?: number;
  /** The provider sent no usage: the counts are Aibox's estimate. */
  estimated?: boolean;
  /** What it cost, set by the usage ledger when the model has a price (`llm.prices`). */
  cost?: number;
  currency?: string;
}

/** `not_configured`: the settings cannot reach any model (e.g. provider `custom` without a base URL). */
export type ProviderErrorCode =
  | 'auth'
  | 'rate_limit'
  | 'timeout'
  | 'network'
  | 'bad_response'
  | 'aborted'
  /** The reply passed `ChatRequest.maxReplyChars`. */
  | 'too_long'
  | 'no_key'
  | 'not_configured';

export type ProviderEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'reasoning_delta'; text: string }
  /** A fully assembled tool call; emitted once its arguments are complete (at the end of the stream). */
  | { type: 'tool_call'; call: ToolCall }
  | { type: 'done'; finishReason: string; usage?: Usage }
  | { type: 'error'; code: ProviderErrorCode; message: string; status?: number };

export interface ProviderInfo {
  provider: ProviderId;
  model: string;
  baseUrl: string;
  /** Whether a key was found (the key itself is never exposed). */
  hasKey: boolean;
  /** The environment variable the key is read from ('' for keyless local servers). */
  keyEnv: string;
  /**
   * Whether earlier assistant messages carry their `reasoning_content` back by default (the
   * preset's quirk); the provider also sends it once the endpoint has streamed `reasoning_content`.
   */
  echoReasoning: boolean;
}

/** What `ChatProvider.complete` answers. */
export interface Completion {
  text: string;
  usage?: Usage;
}

export interface ChatProvider {
  readonly info: ProviderInfo;
  stream(request: ChatRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  /**
   * One non-streaming completion (used for summarising history): its text and the usage the
   * provider reported (absent when it sent none). Throws AppError on failure.
   */
  complete(request: ChatRequest, signal: AbortSignal): Promise<Completion>;
}
