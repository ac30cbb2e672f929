/**
 * One model call of a turn: streams the provider's events to the caller as agent
 * events and collects the assistant's text, reasoning, tool calls and usage.
 */
import type { ChatProvider, ChatRequest, ProviderErrorCode, ToolCall, Usage } from '../providers/types.js';
import type { AgentEvent } from './events.js';

export interface RoundOutcome {
  text: string;
  reasoning: string;
  calls: ToolCall[];
  usage?: Usage;
  error?: { code: ProviderErrorCode; message: string };
}

export async function runModelRound(
  provider: ChatProvider,
  request: ChatRequest,
  signal: AbortSignal,
  turnId: string,
  emit: (event: AgentEvent) => void,
): Promise<RoundOutcome> {
  const outcome: RoundOutcome = { text: '', reasoning: '', calls: [] };
  for await (const event of provider.stream(request, signal)) {
    switch (event.type) {
      case 'text_delta':
        outcome.text += event.text;
        emit({ type: 'text_delta', turnId, text: event.text });
        break;
      case 'reasoning_delta':
        outcome.reasoning += event.text;
        emit({ type: 'reasoning_delta', turnId, text: event.text });
        break;
      case 'tool_call':
        outcome.calls.push(event.call);
        break;
      case 'done':
        outcome.usage = event.usage;
        break;
      case 'error':
        outcome.error = { code: event.code, message: event.message };
        break;
    }
  }
  if (!outcome.error && signal.aborted) outcome.error = { code: 'aborted', message: 'aborted' };
  return outcome;
}

/** What the reply carried, for estimating its tokens when the provider reports none. */
export function replyText(outcome: RoundOutcome): string {
  return (
    outcome.text +
    outcome.reasoning +
    outcome.calls.map((c) => c.function.name + c.function.arguments).join('')
  );
}

export function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (!more) return total;
  const sum: Usage = {
    promptTokens: total.promptTokens + more.promptTokens,
    completionTokens: total.completionTokens + more.completionTokens,
    totalTokens: total.totalTokens + more.totalTokens,
    cachedTokens: (total.cachedTokens ?? 0) + (more.cachedTokens ?? 0),
    reasoningTokens: (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0),
  };
  if (total.estimated || more.estimated) sum.estimated = true;
  const currency = more.currency || total.currency;
  if (currency) {
    sum.cost = (total.cost ?? 0) + (more.cost ?? 0);
    sum.currency = currency;
  }
  return sum;
}
