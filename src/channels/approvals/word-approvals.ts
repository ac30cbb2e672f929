/**
 * Approvals in chats without buttons. Each request shown there gets a short number (`482`)
 * and lists the words that answer it (either language, any case). A message from an allowed
 * sender that is one of those words answers a request only when it cannot mean another:
 *
 * - `allow 482` / `同意482` answers request 482 (a number already decided says so);
 * - a bare `allow` answers only when exactly one request waits in the chat *and* no other
 *   request was shown or decided there since the chat's previous message (other than the one
 *   that message answered). So a word typed for a request that meanwhile timed out or was
 *   decided on the page, or while a second one arrived, never lands on one the person has not
 *   read; the chat is told which requests wait and asked to name one.
 *
 * Memory is bounded: chats' recent numbers are capped, and the oldest chat is forgotten first.
 */
import { randomInt } from 'node:crypto';
import type { PendingApproval } from '../../safety/approvals/approval-broker.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../safety/types.js';
import { setBounded } from '../../util/bounded-map.js';
import type { ChannelMessages } from '../messages.js';

const WORDS: Readonly<Record<string, ApprovalAnswer>> = {
  同意: 'allow',
  allow: 'allow',
  总是: 'always',
  always: 'always',
  拒绝: 'deny',
  deny: 'deny',
};

/** A word alone, or a word and a number (`allow 482`, `同意482`, `deny #482`). */
const ANSWER = /^(\S+?)\s*(?:#?\s*(\d{3}))?$/u;
/** Decided numbers a chat remembers (to say "already decided" instead of guessing). */
const DECIDED_PER_CHAT = 50;
const MAX_CHATS = 1000;
const SUMMARY_CHARS = 80;

/** What a chat message means for the chat's waiting requests. */
export type WordReading =
  /** An ordinary message. */
  | { kind: 'none' }
  | { kind: 'answer'; approvalId: string; answer: ApprovalAnswer; code: string }
  /** It names a request that is decided already. */
  | { kind: 'too_late'; code: string }
  /** An answer word that could mean more than one request (or names none that waits): ask which. */
  | { kind: 'which'; named?: string; waiting: { code: string; summary: string }[] };

interface Waiting {
  approvalId: string;
  code: string;
  summary: string;
}

interface ChatState {
  /** Oldest first. */
  waiting: Waiting[];
  decided: string[];
  /**
   * Requests shown or decided since the chat's previous message, except the one that message
   * answered (two distinct ids are enough to know it is not only the waiting one).
   */
  changedSince: string[];
  /** The request the chat's previous message answered. */
  answeredLast?: string;
}

/** The word and number of a message, or undefined when it is not an answer. */
function parseAnswer(text: string): { answer: ApprovalAnswer; code?: string } | undefined {
  const match = ANSWER.exec(text.normalize('NFKC').trim().toLowerCase());
  const word = match?.[1];
  if (!word || !Object.hasOwn(WORDS, word)) return undefined;
  return { answer: WORDS[word] as ApprovalAnswer, ...(match[2] ? { code: match[2] } : {}) };
}

/** One line naming a request: its tool and the first line of its command, shortened. */
function summaryOf(request: ApprovalRequest): string {
  const line = `${request.tool}: ${request.command.split('\n')[0] ?? ''}`;
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

/** The lines under a request that give its number and the words that answer it. */
export function replyWordsHint(pending: PendingApproval, code: string, t: ChannelMessages): string {
  return t.approvalReplyWords(code, pending.request.rememberable !== undefined);
}

export interface WordApprovals {
  /** A request shown in `chatId` that a word may answer; returns its number there. */
  add(chatId: string, pending: PendingApproval): string;
  /** The request is decided (by a word, a button elsewhere, a timeout); returns its number. */
  remove(approvalId: string): string | undefined;
  /**
   * Reads a message of an allowed sender (`''` for one that carries files): what it answers.
   * The request stays waiting until `remove` (the broker's decision) takes it.
   */
  read(chatId: string, text: string): WordReading;
  /** The request waiting in `chatId` under number `code`. */
  find(chatId: string, code: string): string | undefined;
}

export function createWordApprovals(random: (below: number) => number = randomInt): WordApprovals {
  const chats = new Map<string, ChatState>();

  const stateOf = (chatId: string): ChatState => {
    const state = chats.get(chatId) ?? { waiting: [], decided: [], changedSince: [] };
    setBounded(chats, chatId, state, MAX_CHATS); // most recently used last
    return state;
  };

  /** A number not in use in the chat (waiting or recently decided). */
  const freshCode = (state: ChatState): string => {
    const used = new Set([...state.waiting.map((w) => w.code), ...state.decided]);
    const free: string[] = [];
    for (let n = 100; n < 1000; n++) if (!used.has(String(n))) free.push(String(n));
    return free[random(free.length)] as string;
  };

  const decide = (state: ChatState, approvalId: string): string | undefined => {
    const index = state.waiting.findIndex((w) => w.approvalId === approvalId);
    if (index === -1) return undefined;
    const [done] = state.waiting.splice(index, 1);
    state.decided = [...state.decided, (done as Waiting).code].slice(-DECIDED_PER_CHAT);
    return done?.code;
  };

  /** Notes a request shown or decided; distinct ids, the last few. */
  const changed = (state: ChatState, approvalId: string) => {
    if (state.changedSince.includes(approvalId)) return;
    state.changedSince = [...state.changedSince, approvalId].slice(-2);
  };

  const which = (state: ChatState, named?: string): WordReading => ({
    kind: 'which',
    ...(named ? { named } : {}),
    waiting: state.waiting.map(({ code, summary }) => ({ code, summary })),
  });

  function answerFor(state: ChatState, parsed: { answer: ApprovalAnswer; code?: string }): WordReading {
    if (parsed.code === undefined) {
      const [only, ...more] = state.waiting;
      if (!only) return { kind: 'none' };
      const unseen = state.changedSince.some((id) => id !== only.approvalId);
      if (more.length > 0 || unseen) return which(state);
      return { kind: 'answer', approvalId: only.approvalId, answer: parsed.answer, code: only.code };
    }
    const named = state.waiting.find((w) => w.code === parsed.code);
    if (named)
      return { kind: 'answer', approvalId: named.approvalId, answer: parsed.answer, code: named.code };
    if (state.decided.includes(parsed.code)) return { kind: 'too_late', code: parsed.code };
    return state.waiting.length > 0 ? which(state, parsed.code) : { kind: 'none' };
  }

  return {
    add(chatId, pending) {
      const state = stateOf(chatId);
      const code = freshCode(state);
      state.waiting.push({ approvalId: pending.approvalId, code, summary: summaryOf(pending.request) });
      changed(state, pending.approvalId);
      return code;
    },
    remove(approvalId) {
      for (const state of chats.values()) {
        const code = decide(state, approvalId);
        if (!code) continue;
        if (state.answeredLast !== approvalId) changed(state, approvalId);
        return code;
      }
      return undefined;
    },
    find(chatId, code) {
      return chats.get(chatId)?.waiting.find((w) => w.code === code)?.approvalId;
    },
    read(chatId, text) {
      const parsed = parseAnswer(text);
      const state = chats.get(chatId);
      const reading = parsed && state ? answerFor(state, parsed) : { kind: 'none' as const };
      // Whatever it was, the person has written since the requests shown so far.
      if (state) {
        state.changedSince = [];
        state.answeredLast = reading.kind === 'answer' ? reading.approvalId : undefined;
      }
      return reading;
    },
  };
}
