/**
 * Which part of a history compression may replace with a summary. Pure, so the
 * invariants are easy to test:
 * - the last `keepRecent` messages always stay;
 * - the cut falls at the start of a turn (a user message) when one exists, else
 *   at the start of an assistant message, never on a tool message, so an
 *   assistant's tool calls and their results are never split;
 * - an earlier summary is folded into the new one.
 */
import type { StoredAttachment } from '../conversations/types.js';
import type { ChatMessage } from '../providers/types.js';

export interface PlanItem {
  id: number;
  kind: 'message' | 'summary';
  message: ChatMessage;
  /** What was stored with the message (pictures, files), for the request's pictures. */
  attachments?: readonly StoredAttachment[] | null;
}

export interface CompressionPlan {
  /** Replaced by the new summary (an earlier summary first, if any). */
  compress: PlanItem[];
  /** Sent as they are. */
  keep: PlanItem[];
}

/** Fewest transcript messages worth a summarisation call. */
const MIN_BLOCK = 2;

export function planCompression(items: readonly PlanItem[], keepRecent: number): CompressionPlan | undefined {
  const summaries = items.filter((item) => item.kind === 'summary');
  const messages = items.filter((item) => item.kind === 'message');
  const latest = messages.length - Math.max(1, keepRecent);
  if (latest < MIN_BLOCK) return undefined;

  const roleAt = (i: number) => (messages[i] as PlanItem).message.role;
  let cut = -1;
  for (let i = latest; i >= MIN_BLOCK; i--) {
    if (roleAt(i) === 'user') {
      cut = i;
      break;
    }
  }
  if (cut < 0) {
    for (let i = latest; i >= MIN_BLOCK; i--) {
      if (roleAt(i) !== 'tool') {
        cut = i;
        break;
      }
    }
  }
  if (cut < 0) return undefined;
  return { compress: [...summaries, ...messages.slice(0, cut)], keep: messages.slice(cut) };
}
