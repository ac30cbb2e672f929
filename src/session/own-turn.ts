/**
 * Enqueues a turn in a session and passes on that turn's events only, for callers that are not a
 * session client (the scheduler, the OpenAI-compatible API, the MCP `ask` tool). The listener is
 * subscribed before `enqueue`, because a turn that starts at once emits before `enqueue` returns
 * its id: events seen until then are held and matched once the id is known.
 */
import type { EnqueueInput, Session, SessionEvent, TurnOutcome } from './types.js';

interface OwnTurnOptions {
  /** Also pass on the session-wide events that carry no turn id (`dialogue_ended`, `dialogue_reset`). */
  sessionEvents?: boolean;
}

interface OwnTurn {
  turnId: string;
  /** Settles with the turn; the listener is gone by then. */
  done: Promise<TurnOutcome>;
}

export function enqueueOwnTurn(
  session: Pick<Session, 'subscribe' | 'enqueue'>,
  input: EnqueueInput,
  onEvent: (event: SessionEvent) => void,
  options: OwnTurnOptions = {},
): OwnTurn {
  let turnId: string | undefined;
  const early: SessionEvent[] = [];
  const ours = (event: SessionEvent) =>
    'turnId' in event ? event.turnId === turnId : options.sessionEvents === true;
  const unsubscribe = session.subscribe((event) => {
    if (turnId === undefined) early.push(event);
    else if (ours(event)) onEvent(event);
  });
  let queued: ReturnType<Session['enqueue']>;
  try {
    queued = session.enqueue(input);
  } catch (error) {
    unsubscribe(); // a full queue refuses the turn: nothing to listen for
    throw error;
  }
  turnId = queued.turnId;
  for (const event of early.splice(0)) if (ours(event)) onEvent(event);
  return { turnId, done: queued.done.finally(unsubscribe) };
}
