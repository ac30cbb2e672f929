/**
 * An in-process `ChatProvider` that plays a script, for agent and session tests that are about
 * the loop, the queue or persistence rather than the vendor's wire: no socket, no SSE parsing.
 * Each call consumes one step and is recorded in `calls` (the messages and tools as the caller
 * passed them). Provider behaviour on the wire (retries, SSE, body shape, echoed reasoning, HTTP
 * errors) is tested against the HTTP fake (`fake-llm.ts`) and stays there.
 */
import { AppError } from '../../src/errors.js';
import type {
  ChatProvider,
  ChatRequest,
  ProviderErrorCode,
  ProviderEvent,
  ProviderInfo,
  ToolSpec,
  Usage,
} from '../../src/providers/types.js';

/** A successful answer, streamed as deltas of `chunkChars` characters (default 4). */
export interface ScriptedReply {
  text?: string;
  reasoning?: string;
  /** `id` defaults to `call_<n>`, numbered across the provider's life; `arguments` other than a string are JSON-encoded. */
  toolCalls?: { id?: string; name: string; arguments: unknown }[];
  /** Default 10 + 5 = 15 tokens, as the HTTP fake reports. */
  usage?: Usage;
  finishReason?: string;
  chunkChars?: number;
}

/** The call ends with the provider's final `error` event (`complete` throws `llm_<code>`). */
export interface ScriptedError {
  error: ProviderErrorCode;
  message?: string;
  status?: number;
}

/**
 * Never finishes on its own: ends with `aborted` when the caller's signal aborts. `mid-stream`
 * first sends one text delta.
 */
export interface ScriptedStall {
  stall: 'silent' | 'mid-stream';
}

export type ScriptedStaticStep = ScriptedReply | ScriptedError | ScriptedStall;
/** A function step sees the call (and may wait, e.g. on a gate, before answering). */
export type ScriptedStep =
  | ScriptedStaticStep
  | ((call: ScriptedCall) => ScriptedStaticStep | Promise<ScriptedStaticStep>);

export interface ScriptedCall {
  kind: 'stream' | 'complete';
  /** A copy of the `ChatMessage`s the caller sent (untyped, like the HTTP fake's bodies: tests read any field). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of what was sent
  messages: any;
  tools: ToolSpec[];
}

export interface ScriptedProvider extends ChatProvider {
  /** Every call so far, in order. */
  readonly calls: readonly ScriptedCall[];
  script(...steps: ScriptedStep[]): void;
  /** Steps not consumed yet. */
  pending(): number;
  /** Resolves with the `n`-th call (1-based) once it has been made. */
  waitForCall(n: number): Promise<ScriptedCall>;
  /** Resolves when the `n`-th call has ended (answered, failed, or aborted by the caller). */
  waitForEnd(n: number): Promise<void>;
}

export interface ScriptedProviderOptions {
  /** The step when the script is empty (default `{ text: 'ok' }`). */
  fallback?: ScriptedStep;
  info?: Partial<ProviderInfo>;
}

const DEFAULT_USAGE: Usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };

const isError = (step: ScriptedStaticStep): step is ScriptedError => 'error' in step;
const isStall = (step: ScriptedStaticStep): step is ScriptedStall => 'stall' in step;

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Resolves when `signal` aborts (at once if it already has). */
function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export function createScriptedProvider(options: ScriptedProviderOptions = {}): ScriptedProvider {
  const steps: ScriptedStep[] = [];
  const calls: ScriptedCall[] = [];
  const ended: boolean[] = [];
  const listeners = new Set<() => void>();
  let callIds = 0;
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const until = <T>(check: () => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const test = () => {
        const value = check();
        if (value === undefined) return;
        listeners.delete(test);
        resolve(value);
      };
      listeners.add(test);
      test();
    });

  async function begin(kind: ScriptedCall['kind'], request: ChatRequest) {
    const call: ScriptedCall = {
      kind,
      messages: structuredClone(request.messages),
      tools: structuredClone(request.tools ?? []),
    };
    calls.push(call);
    ended.push(false);
    const index = calls.length - 1;
    changed();
    const step = steps.shift() ?? options.fallback ?? { text: 'ok' };
    const resolved = typeof step === 'function' ? await step(call) : step;
    const end = () => {
      ended[index] = true;
      changed();
    };
    return { step: resolved, end };
  }

  async function* play(step: ScriptedStaticStep, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
    const abortedEvent: ProviderEvent = { type: 'error', code: 'aborted', message: 'aborted' };
    if (isError(step)) {
      yield { type: 'error', code: step.error, message: step.message ?? step.error, status: step.status };
      return;
    }
    if (isStall(step)) {
      if (step.stall === 'mid-stream') yield { type: 'text_delta', text: 'thinking' };
      await aborted(signal);
      yield abortedEvent;
      return;
    }
    const size = step.chunkChars ?? 4;
    for (const text of pieces(step.reasoning ?? '', size)) yield { type: 'reasoning_delta', text };
    for (const text of pieces(step.text ?? '', size)) {
      if (signal.aborted) return yield abortedEvent;
      yield { type: 'text_delta', text };
    }
    for (const call of step.toolCalls ?? []) {
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
      yield {
        type: 'tool_call',
        call: {
          id: call.id ?? `call_${++callIds}`,
          type: 'function',
          function: { name: call.name, arguments: args },
        },
      };
    }
    if (signal.aborted) return yield abortedEvent;
    const finishReason = step.finishReason ?? (step.toolCalls?.length ? 'tool_calls' : 'stop');
    yield { type: 'done', finishReason, usage: step.usage ?? DEFAULT_USAGE };
  }

  return {
    info: {
      provider: 'custom',
      model: 'scripted',
      baseUrl: 'in-process',
      hasKey: true,
      keyEnv: '',
      echoReasoning: false,
      ...options.info,
    },
    calls,
    script: (...more) => void steps.push(...more),
    pending: () => steps.length,
    waitForCall: (n) => until(() => calls[n - 1]),
    waitForEnd: (n) => until(() => (ended[n - 1] ? true : undefined)).then(() => undefined),
    async *stream(request, signal) {
      const { step, end } = await begin('stream', request);
      try {
        yield* play(step, signal);
      } finally {
        end();
      }
    },
    async complete(request, signal) {
      const { step, end } = await begin('complete', request);
      try {
        let text = '';
        let usage: Usage | undefined;
        for await (const event of play(step, signal)) {
          if (event.type === 'text_delta') text += event.text;
          if (event.type === 'done') usage = event.usage;
          if (event.type === 'error') throw new AppError(`llm_${event.code}`, event.message);
        }
        return usage ? { text, usage } : { text };
      } finally {
        end();
      }
    },
  };
}
