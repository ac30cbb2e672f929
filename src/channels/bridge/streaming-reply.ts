/**
 * One answer shown in a chat while it streams: the first text is sent at once, then the
 * message is edited at most every `intervalMs` (vendors rate-limit edits), and an answer
 * longer than the vendor's limit continues in further messages. Sends and edits run one at
 * a time, in order; a failed one is logged and the next flush tries again with the full text.
 *
 * A transport that cannot edit (no `edit`) gets each piece once, when it can no longer
 * change (a full piece while streaming, the rest at the end), and, when the answer is slow,
 * one short notice after `notice.afterMs` so the chat knows the box is working.
 *
 * A chat where `transport.streams` says no is answered as by a transport without `edit`.
 *
 * A transport with `sendOpen` (messages that show as unfinished until closed) gets each piece
 * that may still grow through `sendOpen`, and one `edit(…, final)` when it is complete: when the
 * next piece starts, or at the end, even if its text did not change.
 */
import type { Logger } from '../../log/logger.js';
import type { ChannelTransport } from '../types.js';
import { splitText } from './split-text.js';

interface StreamingReplyOptions {
  transport: ChannelTransport;
  chatId: string;
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
  /** For transports that cannot edit: the "thinking" notice and how long to wait before it. */
  notice?: { text: string; afterMs: number };
  /** Given the pieces the chat does not show (or shows stale) when the last update failed, and why. */
  keep?: (pieces: string[], error: unknown) => void;
}

export class StreamingReply {
  private text = '';
  /** What each message of this answer shows now (index = piece of the split text). */
  private readonly sent: { id: string; text: string; open: boolean }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  private pendingBreak = false;
  private finished = false;
  private noticeTimer: NodeJS.Timeout | undefined;
  /** Why the last update of the chat failed; undefined once one succeeds. */
  private failure: { error: unknown } | undefined;

  constructor(private readonly options: StreamingReplyOptions) {
    const { notice } = options;
    if (notice && !this.editable)
      this.noticeTimer = setTimeout(() => this.sendNotice(notice.text), notice.afterMs);
  }

  /** Whether this chat's messages are edited as the answer grows (`streams` may say no). */
  private get editable(): boolean {
    const { transport, chatId } = this.options;
    return transport.edit !== undefined && (transport.streams?.(chatId) ?? true);
  }

  /** Whether any answer text has arrived. */
  get streamed(): boolean {
    return this.text.trim() !== '';
  }

  /** The next text starts a new paragraph (a new model round after tool calls). */
  breakParagraph(): void {
    this.pendingBreak = this.streamed;
  }

  append(delta: string): void {
    if (this.pendingBreak) this.text = `${this.text.trimEnd()}\n\n`;
    this.pendingBreak = false;
    this.text += delta;
    if (this.timer) return;
    // The first text goes out at once where it can be edited later; otherwise every flush is throttled.
    const immediate = this.sent.length === 0 && this.editable;
    const wait = immediate ? 0 : this.lastFlush + this.options.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /**
   * Ends the answer: `note` (an error, "stopped") is added below what streamed, or is the
   * whole answer when nothing did. Resolves when every message is up to date.
   */
  async finish(note = ''): Promise<void> {
    this.finished = true;
    this.cancelNotice();
    if (note) this.text = this.text.trim() ? `${this.text}\n\n${note}` : note;
    this.flush();
    await this.chain;
    if (this.failure) this.options.keep?.(this.undelivered(), this.failure.error);
  }

  /** The pieces of the finished answer that the chat does not show as they are. */
  private undelivered(): string[] {
    const pieces = splitText(this.text, this.options.transport.maxMessageChars);
    return pieces.filter((piece, index) => this.sent[index]?.text !== piece || this.sent[index]?.open);
  }

  /** No "thinking" notice any more (the turn ended or never started). */
  cancelNotice(): void {
    clearTimeout(this.noticeTimer);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastFlush = Date.now();
    this.chain = this.chain.then(() => this.sync());
  }

  private sendNotice(text: string): void {
    const { transport, chatId, logger } = this.options;
    this.chain = this.chain.then(async () => {
      if (this.finished) return;
      await transport
        .send(chatId, text)
        .catch((error: unknown) => logger.warn({ err: error, channel: transport.name }, 'notice failed'));
    });
  }

  /** Brings the chat's messages in line with the text: edits changed pieces, sends new ones. */
  private async sync(): Promise<void> {
    const { transport, chatId } = this.options;
    if (this.text.trim() === '') return;
    const pieces = splitText(this.text, transport.maxMessageChars);
    // Without edits only final pieces are sent: every piece but the last is final (the split
    // of a growing text never moves an earlier cut), the last one once the answer is finished.
    const editable = this.editable;
    const ready = editable || this.finished ? pieces.length : pieces.length - 1;
    try {
      for (const [index, piece] of pieces.slice(0, ready).entries()) {
        const shown = this.sent[index];
        const complete = this.finished || index < pieces.length - 1;
        if (!shown) {
          const open = editable && transport.sendOpen !== undefined && !complete;
          const id = open ? await transport.sendOpen?.(chatId, piece) : await transport.send(chatId, piece);
          this.sent.push({ id: id as string, text: piece, open });
        } else if (editable && transport.edit && (shown.text !== piece || (shown.open && complete))) {
          await transport.edit(chatId, shown.id, piece, shown.open && complete);
          shown.text = piece;
          if (complete) shown.open = false;
        }
      }
      this.failure = undefined;
    } catch (error) {
      this.failure = { error };
      this.options.logger.warn({ err: error, channel: transport.name }, 'updating a chat answer failed');
    }
  }
}
