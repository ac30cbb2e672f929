/**
 * The fake LLM's scripted steps and how each is written on the wire (OpenAI chat-completions
 * JSON and `chat.completion.chunk` SSE). Node built-ins only (see bench/load-fake-llm.mjs).
 */
import type { ServerResponse } from 'node:http';

export interface FakeToolCall {
  /** Default: `call_<n>` numbered across the server's life. */
  id?: string;
  name: string;
  /** A string is sent verbatim (may be invalid JSON on purpose); anything else is JSON-encoded. */
  arguments: unknown;
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** OpenAI's cache and reasoning details (sent as given). */
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
  /** DeepSeek's cache hits. */
  prompt_cache_hit_tokens?: number;
}

/** A successful answer (streamed as SSE when the request says `stream: true`, else one JSON body). */
export interface FakeReply {
  text?: string;
  reasoning?: string;
  toolCalls?: FakeToolCall[];
  /** Sent only when the request asks with `stream_options.include_usage` (as OpenAI does) or when not streaming. */
  usage?: FakeUsage;
  finishReason?: string;
  /** Characters per streamed piece of text, reasoning or arguments (default 4). */
  chunkChars?: number;
  /** Milliseconds of "thinking" before the response headers. */
  delayMs?: number;
}

/** An HTTP error response with an OpenAI-style error body. */
export interface FakeFailure {
  status: number;
  message?: string;
  /** Value of a `Retry-After` header. */
  retryAfter?: string;
}

/** Sends the headers and `text` as deltas, then destroys the socket mid-stream. */
export interface FakeCut {
  cut: { text?: string };
}

/**
 * Never finishes: `before-headers` sends nothing, `after-headers` sends the SSE headers only,
 * `mid-stream` also sends a first text delta. Ends when the client goes away or the server closes.
 */
export interface FakeStall {
  stall: 'before-headers' | 'after-headers' | 'mid-stream';
}

/**
 * Streams deltas of one kind (`content`, `reasoning` or a tool call's `arguments`) forever,
 * as fast as the client reads, until the client goes away or the server closes.
 */
export interface FakeEndless {
  endless: 'content' | 'reasoning' | 'arguments';
}

/**
 * Writes `reply` as deltas, then ends the response cleanly with no `finish_reason` and no
 * `data: [DONE]` (a proxy that dropped the end of the stream). With `done: true` the
 * `[DONE]` line is sent (a server that marks the end only that way).
 */
export interface FakeUnterminated {
  unterminated: Pick<FakeReply, 'text' | 'toolCalls'> & { done?: boolean };
}

/**
 * Replays a recorded response body byte for byte (HTTP 200), e.g. a `.sse` fixture of a vendor's
 * stream: nothing is added, parsed or re-encoded.
 */
export interface FakeRecorded {
  recorded: string | Uint8Array;
  /** Default `text/event-stream`. */
  contentType?: string;
}

export type FakeStaticStep =
  | FakeReply
  | FakeFailure
  | FakeCut
  | FakeStall
  | FakeEndless
  | FakeUnterminated
  | FakeRecorded;

export interface ReplyContext {
  model: string;
  streaming: boolean;
  /** The request asked for usage in the stream (`stream_options.include_usage`). */
  includeUsage: boolean;
  nextCallId(): string;
  nextCompletionId(): string;
}

export function split(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

export function writeRecorded(res: ServerResponse, step: FakeRecorded): void {
  res.writeHead(200, { 'content-type': step.contentType ?? 'text/event-stream' });
  res.end(step.recorded);
}

export function writeFailure(res: ServerResponse, step: FakeFailure): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (step.retryAfter !== undefined) headers['retry-after'] = step.retryAfter;
  res.writeHead(step.status, headers);
  res.end(
    JSON.stringify({ error: { message: step.message ?? `fake error ${step.status}`, type: 'fake_error' } }),
  );
}

/** Writes a reply's deltas (role, reasoning, text, tool calls) as SSE chunks, without any end. */
function writeDeltas(
  res: ServerResponse,
  step: FakeReply,
  calls: WireCall[],
  model: string,
  id: string,
): void {
  const size = step.chunkChars ?? 4;
  writeChunk(res, model, { role: 'assistant', content: '' }, null, id);
  for (const piece of split(step.reasoning ?? '', size))
    writeChunk(res, model, { reasoning_content: piece }, null, id);
  for (const piece of split(step.text ?? '', size)) writeChunk(res, model, { content: piece }, null, id);
  calls.forEach((call, index) => {
    writeChunk(
      res,
      model,
      {
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      },
      null,
      id,
    );
    for (const piece of split(call.arguments, size)) {
      writeChunk(res, model, { tool_calls: [{ index, function: { arguments: piece } }] }, null, id);
    }
  });
}

interface WireCall {
  id: string;
  name: string;
  arguments: string;
}

function wireCalls(
  step: Pick<FakeReply, 'toolCalls'>,
  context: Pick<ReplyContext, 'nextCallId'>,
): WireCall[] {
  return (step.toolCalls ?? []).map((call) => ({
    id: call.id ?? context.nextCallId(),
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
}

/** The deltas of `step`, then a clean end of the response without finish_reason or `[DONE]`. */
export function writeUnterminated(res: ServerResponse, step: FakeUnterminated, context: ReplyContext): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  writeDeltas(res, step.unterminated, wireCalls(step.unterminated, context), context.model, 'chatcmpl-cut');
  res.end(step.unterminated.done ? 'data: [DONE]\n\n' : undefined);
}

/** Streams deltas of one kind until the client disconnects, waiting for the socket to drain. */
export function writeEndless(res: ServerResponse, step: FakeEndless, model: string): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const piece = 'x'.repeat(64);
  if (step.endless === 'arguments') {
    writeChunk(res, model, {
      tool_calls: [
        { index: 0, id: 'call_endless', type: 'function', function: { name: 'echo', arguments: '' } },
      ],
    });
  }
  const delta =
    step.endless === 'content'
      ? { content: piece }
      : step.endless === 'reasoning'
        ? { reasoning_content: piece }
        : { tool_calls: [{ index: 0, function: { arguments: piece } }] };
  const pump = () => {
    while (!res.destroyed && !res.writableEnded) {
      writeChunk(res, model, delta);
      if (res.writableNeedDrain) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** Writes a successful answer: one JSON body, or SSE chunks when streaming. */
export function writeReply(res: ServerResponse, step: FakeReply, context: ReplyContext): void {
  const { model, streaming, includeUsage } = context;
  const calls = wireCalls(step, context);
  const finishReason = step.finishReason ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  const usage = step.usage ?? { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  const id = context.nextCompletionId();

  if (!streaming) {
    const message: Record<string, unknown> = { role: 'assistant', content: step.text ?? null };
    if (step.reasoning) message.reasoning_content = step.reasoning;
    if (calls.length > 0) {
      message.tool_calls = calls.map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.name, arguments: c.arguments },
      }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
        usage,
      }),
    );
    return;
  }

  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  writeDeltas(res, step, calls, model, id);
  writeChunk(res, model, {}, finishReason, id);
  if (includeUsage)
    writeRaw(res, { id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage });
  res.end('data: [DONE]\n\n');
}

export function writeRaw(res: ServerResponse, payload: unknown): void {
  if (!res.destroyed) res.write(`data: ${JSON.stringify(payload)}\n\n`);
}

export function writeChunk(
  res: ServerResponse,
  model: string,
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  id = 'chatcmpl-stream',
): void {
  writeRaw(res, {
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
  });
}
