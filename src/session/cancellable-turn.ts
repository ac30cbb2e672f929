/**
 * A turn asked for from outside a WebSocket (the OpenAI-compatible API, the MCP `ask` tool):
 * queued in its session like any other (so the session's clients see it), its own events passed
 * on, and cancellable — at once if it runs, or as soon as it starts if still queued — without
 * ever stopping another turn of the session.
 */
import { enqueueOwnTurn } from './own-turn.js';
import type { EnqueueInput, Session, SessionEvent, TurnOutcome } from './types.js';

interface CancellableTurn {
  turnId: string;
  done: Promise<TurnOutcome>;
  /** Stops this turn (never another one of the session). */
  cancel(): void;
}

export function startCancellableTurn(
  session: Session,
  /** The words, or the words with what is stored with them (pictures). */
  content: string | Pick<EnqueueInput, 'content' | 'attachments'>,
  onEvent: (event: SessionEvent) => void,
  /** Where it came from, for the usage ledger (`v1`, `mcp`). */
  channel?: string,
): CancellableTurn {
  let running = false;
  let cancelled = false;
  const { turnId, done } = enqueueOwnTurn(
    session,
    {
      ...(typeof content === 'string' ? { content } : content),
      source: 'user',
      ...(channel ? { channel } : {}),
    },
    (event) => {
      if (event.type === 'turn_start') {
        running = true;
        if (cancelled) session.abort();
      }
      onEvent(event);
    },
  );
  let ended = false;
  void done.then(() => {
    ended = true;
  });
  return {
    turnId,
    done,
    cancel() {
      if (cancelled || ended) return;
      cancelled = true;
      if (running) session.abort();
    },
  };
}
