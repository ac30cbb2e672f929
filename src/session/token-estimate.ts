/**
 * A cheap token estimate for deciding when to compress (not billing): CJK
 * characters count 1 each, other characters 1/4, plus a per-message overhead.
 * It runs over the whole history before every turn, so it is a plain loop.
 */
import type { ChatMessage } from '../providers/types.js';
import { estimateTextTokens } from '../util/text-tokens.js';

export { estimateTextTokens };

const MESSAGE_OVERHEAD = 4;
const TOOL_CALL_OVERHEAD = 8;

function estimateMessageTokens(message: ChatMessage): number {
  let tokens = MESSAGE_OVERHEAD + estimateTextTokens(message.content ?? '');
  if (message.role === 'assistant' && message.tool_calls) {
    for (const call of message.tool_calls) {
      tokens +=
        TOOL_CALL_OVERHEAD +
        estimateTextTokens(call.function.name) +
        estimateTextTokens(call.function.arguments);
    }
  }
  return tokens;
}

export function estimateTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) total += estimateMessageTokens(message);
  return total;
}
