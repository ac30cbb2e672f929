/**
 * Approvals in chats without buttons: the request lists the words that answer it, and the
 * next message from an allowed sender in that chat that is exactly one of them (either
 * language, any case) answers the chat's oldest waiting request.
 */
import type { PendingApproval } from '../safety/approval-broker.js';
import type { ApprovalAnswer } from '../safety/types.js';
import type { ChannelMessages } from './messages.js';

const WORDS: Readonly<Record<string, ApprovalAnswer>> = {
  同意: 'allow',
  allow: 'allow',
  总是: 'always',
  always: 'always',
  拒绝: 'deny',
  deny: 'deny',
};

/** The answer a whole message stands for, or undefined when it is anything else. */
function answerFromWord(text: string): ApprovalAnswer | undefined {
  const word = text.trim().toLowerCase();
  return Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
}

/** The line under a request that tells which words answer it ("always" only when it can be remembered). */
export function replyWordsHint(pending: PendingApproval, t: ChannelMessages): string {
  return t.approvalReplyWords(pending.request.rememberable !== undefined);
}

interface WordApprovals {
  /** A request shown in `chatId` that a word may answer. */
  add(chatId: string, approvalId: string): void;
  /** The request is decided (by a word, a button elsewhere, a timeout): no word answers it any more. */
  remove(approvalId: string): void;
  /** If `text` is an answer word and the chat has a waiting request, takes the oldest. */
  take(chatId: string, text: string): { approvalId: string; answer: ApprovalAnswer } | undefined;
}

export function createWordApprovals(): WordApprovals {
  /** Chat id → approval ids waiting there, oldest first. */
  const waiting = new Map<string, string[]>();
  return {
    add(chatId, approvalId) {
      waiting.set(chatId, [...(waiting.get(chatId) ?? []), approvalId]);
    },
    remove(approvalId) {
      for (const [chatId, ids] of waiting) {
        const rest = ids.filter((id) => id !== approvalId);
        if (rest.length === 0) waiting.delete(chatId);
        else waiting.set(chatId, rest);
      }
    },
    take(chatId, text) {
      const answer = answerFromWord(text);
      const approvalId = waiting.get(chatId)?.[0];
      if (answer === undefined || approvalId === undefined) return undefined;
      this.remove(approvalId);
      return { approvalId, answer };
    },
  };
}
