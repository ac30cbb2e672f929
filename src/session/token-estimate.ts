/**
 * A cheap token estimate for deciding when to compress (not billing): CJK
 * characters count 1 each, other characters 1/4, plus a per-message overhead.
 * It runs over the whole history before every turn, so it is a plain loop.
 */
import type { ChatMessage } from '../providers/types.js';

const MESSAGE_OVERHEAD = 4;
const TOOL_CALL_OVERHEAD = 8;

function isCjk(code: number): boolean {
  return (
    (code >= 0x2e80 && code <= 0x9fff) || // radicals, CJK punctuation, kana, unified ideographs
    (code >= 0xac00 && code <= 0xd7af) || // Hangul
    (code >= 0xf900 && code <= 0xfaff) || // compatibility ideographs
    (code >= 0xff00 && code <= 0xffef) // full-width forms
  );
}

export function estimateTextTokens(text: string): number {
  let cjk = 0;
  for (let i = 0; i < text.length; i++) if (isCjk(text.charCodeAt(i))) cjk++;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

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
