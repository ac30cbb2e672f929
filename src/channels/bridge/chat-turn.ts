/**
 * One turn asked from a chat, its answer streamed back into it: the message is queued in the
 * chat's session, the turn's text is shown as it comes (streaming-reply.ts: sent, then edited or
 * continued), a tool call starts a new paragraph, and the end shows the answer, or why there is
 * none. While it runs the chat may answer this turn's approval requests (and only this turn's),
 * shows "typing" where the vendor has it, and is told its place when the turn waits in the queue.
 */
import type { StoredAttachment } from '../../conversations/types.js';
import type { Logger } from '../../log/logger.js';
import type { Session, SessionEvent } from '../../session/types.js';
import type { ChatApprovals } from '../approvals/chat-approvals.js';
import type { ChannelMessages } from '../messages.js';
import type { ChannelTransport } from '../types.js';
import { StreamingReply } from './streaming-reply.js';

export interface ChatTurnDeps {
  transport: ChannelTransport;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** `channels.stream_interval_ms` and `channels.thinking_notice_ms`, read at each turn. */
  timing: () => { streamIntervalMs: number; thinkingNoticeMs: number };
  /** Sends a whole text, kept in the outbox while the vendor is unreachable. */
  post(chatId: string, text: string): Promise<void>;
  /** Keeps the pieces the chat does not show when its last update failed (the outbox). */
  keep(chatId: string, pieces: string[], error: unknown): void;
  askIn: ChatApprovals['askIn'];
}

export interface ChatTurn {
  chatId: string;
  session: Session;
  content: string;
  attachments: StoredAttachment[];
  t: ChannelMessages;
  /** Runs with the answer once the chat shows it, while "typing" still shows (a spoken answer). */
  afterAnswer?: (answer: string) => Promise<void>;
}

/** Runs the turn; resolves with its answer ('' when it failed or was aborted) once the chat shows it. */
export async function streamChatTurn(deps: ChatTurnDeps, turn: ChatTurn): Promise<string> {
  const { transport, logger } = deps;
  const { chatId, session, t } = turn;
  const timing = deps.timing();
  const reply = new StreamingReply({
    transport,
    chatId,
    intervalMs: timing.streamIntervalMs,
    logger,
    // A typing state says the same as the "thinking" notice, without a message.
    ...(transport.typing ? {} : { notice: { text: t.thinking, afterMs: timing.thinkingNoticeMs } }),
    keep: (pieces, error) => deps.keep(chatId, pieces, error),
  });
  let turnId: string | undefined;
  let answer = '';
  let settle!: () => void;
  const ended = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const early: SessionEvent[] = [];
  /** Finishes the answer; the turn counts as over even when that fails (nobody else awaits it). */
  const end = (note: string) =>
    void reply.finish(note).then(settle, (error: unknown) => {
      logger.error({ err: error }, 'finishing a chat answer failed');
      settle();
    });
  const onEvent = (event: SessionEvent) => {
    if (turnId === undefined) {
      early.push(event); // events of our turn may come before enqueue returns its id
      return;
    }
    if (!('turnId' in event) || event.turnId !== turnId) return;
    if (event.type === 'text_delta') reply.append(event.text);
    else if (event.type === 'tool_start') reply.breakParagraph();
    else if (event.type === 'turn_end') {
      answer = event.content;
      end(reply.streamed ? '' : event.content);
    } else if (event.type === 'error') end(event.code === 'aborted' ? t.aborted : t.failed(event.message));
    else if (event.type === 'notice') void deps.post(chatId, event.message);
  };
  const unsubscribe = session.subscribe(onEvent);
  // While this turn runs the chat can answer its approval requests (a channel counts as a person),
  // and only this turn's: in a shared session (`channels.session: main`) others' stay unseen.
  const detach = deps.askIn(chatId, session.id, '', (request) => request.turnId === turnId);
  const stopTyping = transport.typing?.(chatId);
  try {
    const queued = session.enqueue({
      content: turn.content,
      source: 'user',
      channel: transport.name,
      ...(turn.attachments.length > 0 ? { attachments: turn.attachments } : {}),
    });
    turnId = queued.turnId;
    for (const event of early.splice(0)) onEvent(event);
    if (queued.position > 0) await deps.post(chatId, t.queued(queued.position));
    await ended;
    await turn.afterAnswer?.(answer);
    return answer;
  } finally {
    reply.cancelNotice();
    stopTyping?.();
    detach();
    unsubscribe();
  }
}
