/**
 * The ChatProvider for every OpenAI-compatible service, on the `openai` SDK.
 * The SDK's own retries are off: this module retries 429 / 5xx / connection
 * failures with exponential backoff and jitter, only before anything was emitted,
 * within one total deadline (`llm.timeout_s`) that also covers the stream.
 * `stream` never throws; every failure is a final `error` event.
 */
import OpenAI, { APIUserAbortError } from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { backoffDelay } from '../util/backoff.js';
import { createDeadline, type Deadline } from '../util/deadline.js';
import { type IdGenerator, randomId } from '../util/ids.js';
import { sleep } from '../util/sleep.js';
import { classifyError, type Failure } from './classify-error.js';
import { createDoneTracker } from './done-marker.js';
import { providerMessages } from './messages.js';
import { providerInfo } from './provider-info.js';
import { readDelta } from './read-delta.js';
import { buildRequestBody } from './request-body.js';
import type { ResolvedLlmSettings } from './resolve-settings.js';
import { errorChunk, ReplyBudget, ReplyTooLongError, StreamUnterminatedError } from './stream-guards.js';
import { argumentsText, parsesAsJson, ToolCallAssembler } from './tool-call-assembler.js';
import type { ChatProvider, ChatRequest, ProviderEvent, ToolCall, Usage } from './types.js';
import { toUsage, usageOf, type WireUsage } from './wire-usage.js';

export interface OpenAiProviderOptions {
  lang?: Lang;
  /** Wait before retry n (0-based): min(8 s, retryBaseMs × 2^n), shortened at random by up to half. */
  retryBaseMs?: number;
  /** A longer Retry-After is not waited for: the request fails at once. */
  maxRetryAfterMs?: number;
  random?: () => number;
  now?: () => number;
  ids?: IdGenerator;
}

/** The longest wait between two attempts (a Retry-After may ask for more). */
const RETRY_MAX_MS = 8000;

type Attempt = (deadline: Deadline) => AsyncGenerator<ProviderEvent, void>;

/** A tool call as servers send it: `arguments` may be a JSON object instead of a string. */
interface ToolCallDeltaLike {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: unknown };
}

/** What the agent can read as arguments: JSON, or nothing at all (no arguments). */
const argumentsReadable = (text: string) => text.trim() === '' || parsesAsJson(text);

export function createOpenAiProvider(
  settings: ResolvedLlmSettings,
  options: OpenAiProviderOptions = {},
): ChatProvider {
  const lang = options.lang ?? 'zh';
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const ids = options.ids ?? randomId;
  const doneMarker = createDoneTracker();
  const client = new OpenAI({
    fetch: doneMarker.fetch,
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey || 'none',
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: settings.timeoutMs,
    logLevel: 'off',
  });

  const classify = (error: unknown, deadline: Deadline): Failure =>
    classifyError(error, {
      deadline,
      lang,
      baseUrl: settings.baseUrl,
      keyEnv: settings.keyEnv,
      timeoutMs: settings.timeoutMs,
      apiKey: settings.apiKey,
    });

  /** How long to wait before retry `n`, or undefined when a retry is not worth it. */
  const retryDelay = (failure: Failure, n: number, deadline: Deadline): number | undefined => {
    if (!failure.retryable || n >= settings.maxRetries) return undefined;
    if (failure.retryAfterMs !== undefined && failure.retryAfterMs > maxRetryAfterMs) return undefined;
    const backoff = backoffDelay(n, retryBaseMs, RETRY_MAX_MS, { jitter: 0.5, random });
    const wait = Math.max(backoff, failure.retryAfterMs ?? 0);
    return wait < deadline.remainingMs() ? wait : undefined;
  };

  async function* withRetries(attempt: Attempt, signal: AbortSignal): AsyncGenerator<ProviderEvent, void> {
    const deadline = createDeadline(settings.timeoutMs, signal, now);
    try {
      for (let n = 0; ; n++) {
        let emitted = false;
        try {
          for await (const event of attempt(deadline)) {
            emitted = true;
            yield event;
          }
          return;
        } catch (error) {
          let failure = classify(error, deadline);
          const wait = emitted ? undefined : retryDelay(failure, n, deadline);
          if (wait !== undefined) {
            await sleep(wait, deadline.signal);
            if (!deadline.signal.aborted) continue;
            failure = classify(new APIUserAbortError(), deadline);
          }
          yield { type: 'error', code: failure.code, message: failure.message, status: failure.status };
          return;
        }
      }
    } finally {
      deadline.dispose();
    }
  }

  const requestOptions = (deadline: Deadline) => ({
    signal: deadline.signal,
    timeout: Math.max(1, deadline.remainingMs()),
  });

  /**
   * Whether earlier reasoning goes back as `reasoning_content`: the preset's default, or once
   * this endpoint has sent reasoning in that field (the stream is the truth: a thinking model
   * reached through `custom` or `openrouter` wants it back like its own vendor does).
   */
  let sendsReasoningContent = settings.preset.echoReasoning;
  const body = (request: ChatRequest, stream: boolean) =>
    buildRequestBody(request, settings, stream, sendsReasoningContent);

  /**
   * Streamed tool-call arguments that do not parse as JSON (GLM sends them broken at times) are
   * asked for once more in one non-streamed request; its tool calls replace the streamed ones.
   * When that request fails or brings no tool calls, the streamed calls stand (the agent then
   * tells the model its arguments are not JSON).
   */
  async function refetchToolCalls(
    request: ChatRequest,
    deadline: Deadline,
    streamed: ToolCall[],
  ): Promise<ToolCall[]> {
    try {
      const params = body(request, false) as unknown as ChatCompletionCreateParamsNonStreaming;
      const response = await client.chat.completions.create(params, requestOptions(deadline));
      const again = new ToolCallAssembler();
      const wire = (response.choices?.[0]?.message?.tool_calls ?? []) as ToolCallDeltaLike[];
      wire.forEach((call, index) => {
        again.add({ index, id: call.id, function: call.function });
      });
      const calls = again.finish(() => ids('call'));
      return calls.length > 0 ? calls : streamed;
    } catch (error) {
      if (deadline.signal.aborted) throw error;
      return streamed;
    }
  }

  async function* streamAttempt(
    request: ChatRequest,
    deadline: Deadline,
  ): AsyncGenerator<ProviderEvent, void> {
    const params = body(request, true) as unknown as ChatCompletionCreateParamsStreaming;
    const { data: stream, response } = await client.chat.completions
      .create(params, requestOptions(deadline))
      .withResponse();
    const calls = new ToolCallAssembler();
    const budget = new ReplyBudget(request.maxReplyChars);
    let finishReason: string | undefined;
    let usage: Usage | undefined;
    let received = false;
    for await (const chunk of stream) {
      const vendorError = errorChunk(chunk);
      if (vendorError) throw vendorError;
      const choice = chunk.choices?.[0];
      const wireUsage = usageOf(chunk, choice);
      if (wireUsage) usage = toUsage(wireUsage);
      if (!choice) continue;
      received = true;
      const delta = readDelta(choice.delta);
      if (delta.reasoningContent) sendsReasoningContent = true;
      const reasoning = delta.reasoning ? budget.take(delta.reasoning) : '';
      if (reasoning) yield { type: 'reasoning_delta', text: reasoning };
      const text = delta.text ? budget.take(delta.text) : '';
      if (text) yield { type: 'text_delta', text };
      for (const call of (choice.delta?.tool_calls ?? []) as ToolCallDeltaLike[]) {
        budget.take(argumentsText(call.function?.arguments));
        calls.add(call);
      }
      // Leaving the loop makes the SDK abort the request: the rest is never read.
      if (budget.exceeded) throw new ReplyTooLongError(budget.limit);
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    // The SDK ends the iteration quietly when its signal aborts: report it.
    if (deadline.signal.aborted) throw new APIUserAbortError();
    if (!received) throw new SyntaxError(providerMessages(lang).streamCut());
    // No end marker: the reply may be incomplete (tool arguments too), so none of it is used.
    if (finishReason === undefined && !doneMarker.sawDone(response)) throw new StreamUnterminatedError();
    let finished = calls.finish(() => ids('call'));
    // Cut by max_tokens, the arguments are incomplete, not broken: asking again would cut them again.
    const broken = finished.some((call) => !argumentsReadable(call.function.arguments));
    if (broken && finishReason !== 'length') {
      finished = await refetchToolCalls(request, deadline, finished);
    }
    for (const call of finished) yield { type: 'tool_call', call };
    yield {
      type: 'done',
      finishReason: finishReason ?? (finished.length > 0 ? 'tool_calls' : 'stop'),
      usage,
    };
  }

  async function* completeAttempt(
    request: ChatRequest,
    deadline: Deadline,
  ): AsyncGenerator<ProviderEvent, void> {
    const params = body(request, false) as unknown as ChatCompletionCreateParamsNonStreaming;
    const response = await client.chat.completions.create(params, requestOptions(deadline));
    if (deadline.signal.aborted) throw new APIUserAbortError();
    const vendorError = errorChunk(response);
    if (vendorError) throw vendorError;
    const choice = response.choices?.[0];
    if (!choice) throw new SyntaxError('no choices in the response');
    yield { type: 'text_delta', text: readDelta(choice.message).text };
    yield {
      type: 'done',
      finishReason: choice.finish_reason ?? 'stop',
      usage: response.usage ? toUsage(response.usage as WireUsage) : undefined,
    };
  }

  return {
    info: providerInfo(settings),
    stream: (request, signal) => withRetries((deadline) => streamAttempt(request, deadline), signal),
    async complete(request, signal) {
      let text = '';
      let usage: Usage | undefined;
      for await (const event of withRetries((deadline) => completeAttempt(request, deadline), signal)) {
        if (event.type === 'text_delta') text += event.text;
        if (event.type === 'done') usage = event.usage;
        if (event.type === 'error') {
          throw new AppError(`llm_${event.code}`, event.message, { details: { status: event.status } });
        }
      }
      return usage ? { text, usage } : { text };
    },
  };
}
