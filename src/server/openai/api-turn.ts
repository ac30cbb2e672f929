/**
 * One turn asked for over the OpenAI-compatible API: queued in its session like any other
 * (so the session's WebSocket clients see it), its own events passed on, and cancelled when
 * the HTTP request goes away — at once if it runs, or as soon as it starts if still queued.
 */
import type { Session, SessionEvent, TurnOutcome } from '../../session/types.js';

export interface ApiTurn {
  turnId: string;
  done: Promise<TurnOutcome>;
  /** The client went away: stop this turn (never another one of the session). */
  cancel(): void;
}

export function startApiTurn(
  session: Session,
  content: string,
  onEvent: (event: SessionEvent) => void,
): ApiTurn {
  let turnId = '';
  let running = false;
  let cancelled = false;
  const early: SessionEvent[] = [];
  const unsubscribe = session.subscribe((event) => {
    if (!('turnId' in event)) return;
    // Events can arrive before enqueue() returns the id (a turn that starts at once).
    if (turnId === '') {
      early.push(event);
      return;
    }
    handle(event);
  });
  function handle(event: SessionEvent) {
    if (!('turnId' in event) || event.turnId !== turnId) return;
    if (event.type === 'turn_start') {
      running = true;
      if (cancelled) session.abort();
    }
    onEvent(event);
  }
  const queued = session.enqueue({ content, source: 'user' });
  turnId = queued.turnId;
  for (const event of early.splice(0)) handle(event);
  const done = queued.done.finally(unsubscribe);
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
