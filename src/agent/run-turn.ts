/**
 * One agent turn: model → tool calls → results → model …, bounded by `maxRounds`.
 * Emits `turn_start`, deltas, tool events, a `message` event for every finished
 * history entry (persist it at once), then exactly one `turn_end` or `error`.
 * Never rejects. The history it leaves is valid for strict OpenAI-compatible
 * servers: every assistant tool call gets a tool result, also on abort or end.
 */
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { ModelProfile } from '../providers/model-profile.js';
import type { ChatMessage, ChatProvider, ProviderErrorCode, ToolCall, Usage } from '../providers/types.js';
import type { AskPerson } from '../safety/types.js';
import type { AnyTool } from '../tools/tool.js';
import type { AgentEvent, TurnErrorCode } from './events.js';
import { agentMessages } from './messages.js';
import { addUsage, type RoundOutcome, replyText, runModelRound } from './model-round.js';
import { type RunawayLimits, RunawayWatch } from './runaway-watch.js';
import { createToolOffer } from './tool-offer.js';
import type { ToolPicturePort } from './tool-pictures.js';
import { MAX_MALFORMED_CALLS, runToolRound, type ToolRoundDeps, type ToolRoundState } from './tool-round.js';
import type { TurnMeter } from './turn-meter.js';

export interface RunTurnOptions {
  turnId: string;
  sessionId: string;
  lang: Lang;
  provider: ChatProvider;
  tools: AnyTool[];
  /** What each request offers of `tools` (src/agent/tool-offer.ts); default `default`. */
  profile?: ModelProfile;
  /** The complete request history: system prompt(s), prior messages, the new user message last. */
  messages: ChatMessage[];
  maxRounds: number;
  /** Runaway limits (`agent.max_repeat_calls`, `agent.max_stale_rounds`); default 3 and 4. */
  runaway?: Partial<RunawayLimits>;
  temperature?: number;
  maxTokens?: number;
  /** Longest reply of one model round; a longer one is cut, stored with a note, and the turn errors. */
  maxReplyChars?: number;
  signal: AbortSignal;
  emit(event: AgentEvent): void;
  /** For tool durations. */
  now?: () => Date | number;
  /** How long a cancelled tool may take to return before the loop stops waiting (default 2 s). */
  abortGraceMs?: number;
  /** Asks a person (the app's approval broker); absent: tools get no `requestApproval` and treat "ask" as denied. */
  askPerson?: AskPerson;
  /** Counts every model round and may refuse the next one (budgets); absent: nothing is counted. */
  meter?: TurnMeter;
  /** Shows the model the pictures tools return (tool-pictures.ts); absent: only the results' notes. */
  toolPictures?: ToolPicturePort;
  /**
   * The kinds of outside text `messages` already hold (earlier turns' tool results): tools see
   * them, with this turn's, as `ToolContext.untrustedRead`. Absent: none.
   */
  untrusted?: readonly string[];
}

export type TurnResult =
  | { status: 'complete'; content: string; usage: Usage; endConversation: boolean; messages: ChatMessage[] }
  /** `messages`: the history entries this turn added (all also emitted as `message` events). */
  | { status: 'error'; code: TurnErrorCode; message: string; messages: ChatMessage[] };

const UNAVAILABLE: ReadonlySet<ProviderErrorCode> = new Set([
  'no_key',
  'network',
  'timeout',
  'rate_limit',
  'not_configured',
]);

function turnErrorCode(code: ProviderErrorCode): TurnErrorCode {
  if (code === 'aborted') return 'aborted';
  return UNAVAILABLE.has(code) ? 'llm_unavailable' : 'llm_error';
}

/** Reasoning is kept on the message; the provider decides whether it goes back on the wire. */
function assistantMessage(text: string, reasoning: string, calls: ToolCall[]): ChatMessage {
  const message: ChatMessage = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
  if (reasoning) message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return message;
}

/** Calls `answer` for each tool call of the last assistant message that has no tool result yet. */
function answerPendingCalls(history: ChatMessage[], answer: (call: ToolCall) => void): void {
  const index = history.findLastIndex((m) => m.role === 'assistant');
  const last = history[index];
  if (last?.role !== 'assistant' || !last.tool_calls) return;
  const answered = new Set(
    history.slice(index + 1).flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : [])),
  );
  for (const call of last.tool_calls) if (!answered.has(call.id)) answer(call);
}

/** The round's usage as the meter counted it (estimated when the provider sent none). */
function countRound(
  meter: TurnMeter | undefined,
  outcome: RoundOutcome,
  messages: ChatMessage[],
  notify: (message: string) => void,
): Usage | undefined {
  if (!meter) return outcome.usage;
  const reply = replyText(outcome);
  // Nothing came back and nothing was reported: the request never reached a model.
  if (!outcome.usage && reply === '') return undefined;
  const counted = meter.afterRound({ usage: outcome.usage, messages, reply });
  for (const notice of counted.notices) notify(notice);
  return counted.usage;
}

export async function runTurn(options: RunTurnOptions): Promise<TurnResult> {
  const { turnId, signal, lang, provider } = options;
  const text = agentMessages(lang);
  const clock = () => Number(options.now?.() ?? Date.now());
  const added: ChatMessage[] = [];
  // What the rest of the turn's requests carry after the caller's messages: `added`, with the
  // pictures tools returned after their round (never kept in the history).
  const sent: ChatMessage[] = [];
  let usage: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const { meter } = options;

  const emit = (event: AgentEvent) => {
    try {
      options.emit(event);
    } catch {
      // A listener's failure must not break the turn or the history.
    }
  };
  const record = (message: ChatMessage, untrusted?: string) => {
    added.push(message);
    sent.push(message);
    emit({ type: 'message', turnId, message, ...(untrusted ? { untrusted } : {}) });
  };
  const fail = (code: TurnErrorCode, message: string): TurnResult => {
    emit({ type: 'error', turnId, code, message });
    return { status: 'error', code, message, messages: added };
  };
  const complete = (content: string, endConversation: boolean): TurnResult => {
    emit({ type: 'turn_end', turnId, content, usage, endConversation });
    return { status: 'complete', content, usage, endConversation, messages: added };
  };

  emit({ type: 'turn_start', turnId });
  try {
    const offer = createToolOffer(options.tools, options.profile ?? 'default', lang);
    const byName = new Map(options.tools.map((tool) => [tool.name, tool]));
    const watch = new RunawayWatch({
      maxRepeatCalls: options.runaway?.maxRepeatCalls ?? 3,
      maxStaleRounds: options.runaway?.maxStaleRounds ?? 4,
    });
    const state: ToolRoundState = { malformedInARow: 0, untrusted: new Set(options.untrusted) };
    const roundDeps: ToolRoundDeps = {
      turnId,
      sessionId: options.sessionId,
      lang,
      signal,
      tools: byName,
      offer,
      watch,
      abortGraceMs: options.abortGraceMs ?? 2000,
      ...(options.askPerson ? { askPerson: options.askPerson } : {}),
      clock,
      emit,
      record,
    };
    for (let round = 0; round < options.maxRounds; round++) {
      if (signal.aborted) return fail('aborted', text.aborted());
      const refusal = meter?.beforeRound(usage.totalTokens);
      if (refusal) return fail(refusal.code, refusal.message);
      const specs = offer.specs();
      const request = {
        messages: [...options.messages, ...sent],
        tools: specs.length > 0 ? specs : undefined,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        maxReplyChars: options.maxReplyChars,
      };
      const outcome = await runModelRound(provider, request, signal, turnId, emit);
      usage = addUsage(
        usage,
        countRound(meter, outcome, request.messages, (message) => emit({ type: 'notice', turnId, message })),
      );
      if (outcome.error) {
        // What people already saw stays in the history; tool calls of a broken stream are dropped.
        const note =
          outcome.error.code === 'too_long' ? `\n\n${text.truncated(options.maxReplyChars ?? 0)}` : '';
        if (outcome.text) record({ role: 'assistant', content: `${outcome.text}${note}` });
        const code = signal.aborted ? 'aborted' : turnErrorCode(outcome.error.code);
        return fail(code, code === 'aborted' ? text.aborted() : outcome.error.message);
      }
      const { calls } = outcome;
      record(assistantMessage(outcome.text, outcome.reasoning, calls));
      if (calls.length === 0) return complete(outcome.text, false);

      const { endConversation, pictures } = await runToolRound(calls, state, roundDeps);
      if (signal.aborted) return fail('aborted', text.aborted());
      if (pictures.length > 0 && options.toolPictures && !endConversation) {
        const shown = await options.toolPictures(pictures, {
          sessionId: options.sessionId,
          lang,
          signal,
          notify: (message) => emit({ type: 'notice', turnId, message }),
        });
        if (shown) sent.push(shown);
      }
      if (state.malformedInARow >= MAX_MALFORMED_CALLS)
        return fail('malformed_tool_calls', text.malformedCalls(MAX_MALFORMED_CALLS));
      if (endConversation) return complete(outcome.text, true);
      if (state.runaway) return fail('runaway', state.runaway);
      const results = added.slice(-calls.length).map((m) => (m.role === 'tool' ? m.content : ''));
      if (watch.stale(results))
        return fail('runaway', text.staleRounds(options.runaway?.maxStaleRounds ?? 4));
    }
    return fail('runaway', text.maxRounds(options.maxRounds));
  } catch (error) {
    answerPendingCalls(added, (call) =>
      record({ role: 'tool', tool_call_id: call.id, content: text.toolNotRun(call.function.name) }),
    );
    return fail(signal.aborted ? 'aborted' : 'internal', describeError(error));
  }
}
