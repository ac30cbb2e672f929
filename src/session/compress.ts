/**
 * Before a turn: when the estimated tokens of what would be sent pass
 * `agent.context_token_budget`, the older part of the history is summarised by
 * the same model (`provider.complete`) and the summary is stored; the original
 * rows stay in SQLite, marked as compressed. On any failure the history is left
 * as it is (and the failure logged): compression is an optimisation, never a
 * reason for a turn to fail.
 */

import type { TurnMeter } from '../agent/turn-meter.js';
import type { MessageRepo } from '../conversations/message-repo.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { ChatMessage, ChatProvider } from '../providers/types.js';
import { type CompressionPlan, type PlanItem, planCompression } from './compression-plan.js';
import { sessionMessages } from './messages.js';
import { estimateHistoryPictureTokens } from './picture-tokens.js';
import { estimateTextTokens, estimateTokens } from './token-estimate.js';

const MAX_MESSAGE_CHARS = 2_000;
const MAX_TRANSCRIPT_CHARS = 24_000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** The block as plain text for the summariser; over the cap, the middle is left out. */
function renderForSummary(items: readonly PlanItem[], lang: Lang): string {
  const t = sessionMessages(lang);
  const lines: string[] = [];
  for (const { kind, message } of items) {
    if (kind === 'summary') lines.push(`${t.previousSummary}\n${message.content ?? ''}`);
    else if (message.role === 'user') lines.push(`${t.user}: ${clip(message.content, MAX_MESSAGE_CHARS)}`);
    else if (message.role === 'assistant') {
      if (message.content) lines.push(`${t.assistant}: ${clip(message.content, MAX_MESSAGE_CHARS)}`);
      for (const call of message.tool_calls ?? []) {
        lines.push(t.toolCall(call.function.name, clip(call.function.arguments, 200)));
      }
    } else if (message.role === 'tool') lines.push(t.toolResult(clip(message.content, 400)));
  }
  const text = lines.join('\n');
  if (text.length <= MAX_TRANSCRIPT_CHARS) return text;
  const half = MAX_TRANSCRIPT_CHARS / 2;
  return `${text.slice(0, half)}\n…\n${text.slice(-half)}`;
}

interface CompressDeps {
  provider: ChatProvider;
  messages: MessageRepo;
  lang: Lang;
  logger: Pick<Logger, 'info' | 'warn'>;
  budget: number;
  keepRecent: number;
  /** The turn's meter: the summary request is counted (and skipped while a budget is used up). */
  meter?: TurnMeter;
  /** Budget warnings the summary's usage made due. */
  notify?: (message: string) => void;
}

interface CompressInput {
  conversationId: string;
  /** The live rows before this turn's user message, summary first. */
  items: PlanItem[];
  /** The system prompt as it would be sent (counted against the budget). */
  systemPrompt: string;
  turnId: string;
  createdAt: string;
  signal: AbortSignal;
}

/** Returns what was compressed, or undefined when nothing was (under budget, nothing to cut, or a failure). */
export async function compressIfNeeded(
  deps: CompressDeps,
  input: CompressInput,
): Promise<CompressionPlan | undefined> {
  const estimate =
    estimateTextTokens(input.systemPrompt) +
    estimateTokens(input.items.map((item) => item.message)) +
    estimateHistoryPictureTokens(input.items.map((item) => item.attachments));
  if (estimate <= deps.budget) return undefined;
  const plan = planCompression(input.items, deps.keepRecent);
  if (!plan) return undefined;
  // A used-up budget refuses the turn at its first round: no tokens spent on a summary first.
  if (deps.meter?.beforeRound(0)) return undefined;
  const request: ChatMessage[] = [
    { role: 'system', content: sessionMessages(deps.lang).summariserSystem },
    { role: 'user', content: renderForSummary(plan.compress, deps.lang) },
  ];
  try {
    const completion = await deps.provider.complete(
      { messages: request, temperature: 0.3, maxTokens: 1024 },
      input.signal,
    );
    const counted = deps.meter?.afterRound({
      usage: completion.usage,
      messages: request,
      reply: completion.text,
    });
    for (const notice of counted?.notices ?? []) deps.notify?.(notice);
    const summary = completion.text.trim();
    if (!summary) throw new Error('empty summary');
    deps.messages.compress(
      input.conversationId,
      plan.compress.map((item) => item.id),
      { role: 'system', content: summary, turnId: input.turnId, createdAt: input.createdAt },
    );
    deps.logger.info(
      {
        conversation: input.conversationId,
        estimate,
        compressed: plan.compress.length,
        kept: plan.keep.length,
      },
      'conversation compressed',
    );
    return plan;
  } catch (error) {
    deps.logger.warn(
      { err: error, conversation: input.conversationId },
      'compression failed; history kept as is',
    );
    return undefined;
  }
}
