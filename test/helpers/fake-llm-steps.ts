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

export type FakeStaticStep = FakeReply | FakeFailure | FakeCut | FakeStall;

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

export function writeFailure(res: ServerResponse, step: FakeFailure): void {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (step.retryAfter !== undefined) headers['retry-after'] = step.retryAfter;
  res.writeHead(step.status, headers);
  res.end(
    JSON.stringify({ error: { message: step.message ?? `fake error ${step.status}`, type: 'fake_error' } }),
  );
}

/** Writes a successful answer: one JSON body, or SSE chunks when streaming. */
export function writeReply(res: ServerResponse, step: FakeReply, context: ReplyContext): void {
  const { model, streaming, includeUsage } = context;
  const calls = (step.toolCalls ?? []).map((call) => ({
    id: call.id ?? context.nextCallId(),
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
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

  const size = step.chunkChars ?? 4;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
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
