/**
 * Passive replies. Since 2025-04-21 the QQ bot platform no longer takes active messages to users
 * or groups: a bot writes only in answer to something, naming the user's message (`msg_id`) or an
 * event (`event_id`, e.g. a button press). Each such source may be answered within a window (a
 * direct chat 60 minutes, a group 5 minutes) at most 5 times, and every reply to one source
 * carries its own `msg_seq` (the same `msg_id` + `msg_seq` twice is refused).
 *
 * The ledger keeps each chat's recent sources and hands out the newest one still usable, with its
 * next `msg_seq`. With none usable it throws a `ReplyWindowClosed`, which the core treats as the
 * vendor being unreachable: the message waits in the outbox and goes out as a reply to the chat's
 * next message (the outbox re-posts whenever anything arrives); the chat's first message after
 * such a wait says it was held (`isHeld`).
 */
import { setBounded } from '../../util/bounded-map.js';

const WINDOW_MS = { direct: 60 * 60_000, group: 5 * 60_000 };
const MAX_REPLIES = 5;
/** A source is not used this close to its window's end: the call itself takes time. */
const MARGIN_MS = 15_000;
const SOURCES_PER_CHAT = 5;
const MAX_CHATS = 10_000;

export interface ReplySource {
  kind: 'msg_id' | 'event_id';
  id: string;
}

interface Source extends ReplySource {
  /** When the source arrived. */
  at: number;
  until: number;
  /** The last `msg_seq` used with this source (a failed call used one too). */
  seq: number;
  /** Replies the platform took. */
  sent: number;
}

/** No source left to reply to in the chat: the window passed, or its replies are used up. */
export class ReplyWindowClosed extends Error {
  constructor(chatId: string) {
    super(
      `QQ: no message of chat ${chatId} can be answered now (the reply window passed or its 5 replies are used); kept until the chat writes again`,
    );
    this.name = 'ReplyWindowClosed';
  }
}

export interface Reply {
  source: ReplySource;
  seq: number;
  /** Tells the ledger the platform took this reply (it counts against the source's 5). */
  taken(): void;
}

export function createReplyLedger(now: () => number = Date.now) {
  const chats = new Map<string, Source[]>();
  /** Chats where a message could not go out for want of a source, until one goes out again. */
  const held = new Set<string>();

  return {
    /** A message or event of the chat that may be answered from now on. */
    add(chatId: string, source: ReplySource, direct: boolean): void {
      const until = now() + (direct ? WINDOW_MS.direct : WINDOW_MS.group) - MARGIN_MS;
      const kept = (chats.get(chatId) ?? []).filter((s) => s.until > now() && s.sent < MAX_REPLIES);
      // A replayed event (after a resume) keeps its numbers: its msg_seq must not start again.
      if (kept.some((s) => s.kind === source.kind && s.id === source.id)) return;
      kept.push({ ...source, at: now(), until, seq: 0, sent: 0 });
      setBounded(chats, chatId, kept.slice(-SOURCES_PER_CHAT), MAX_CHATS);
    },
    /**
     * The next reply to the chat; throws `ReplyWindowClosed` when there is none. `messageWithinMs`:
     * only a user's message (`msg_id`) that arrived at most this long ago (a stream reply's window).
     */
    next(chatId: string, messageWithinMs?: number): Reply {
      const sources = chats.get(chatId) ?? [];
      for (let i = sources.length - 1; i >= 0; i--) {
        const source = sources[i] as Source;
        if (source.until <= now() || source.sent >= MAX_REPLIES) continue;
        if (messageWithinMs !== undefined) {
          if (source.kind !== 'msg_id' || source.at + messageWithinMs - MARGIN_MS <= now()) continue;
        }
        source.seq += 1;
        return {
          source: { kind: source.kind, id: source.id },
          seq: source.seq,
          taken: () => {
            source.sent += 1;
          },
        };
      }
      if (messageWithinMs === undefined && held.size < MAX_CHATS) held.add(chatId);
      throw new ReplyWindowClosed(chatId);
    },
    /** Whether a message of the chat had to wait since the chat was last sent to. */
    isHeld: (chatId: string) => held.has(chatId),
    /** A message reached the chat again. */
    clearHeld(chatId: string): void {
      held.delete(chatId);
    },
  };
}
