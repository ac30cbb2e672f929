/**
 * One answer shown in a chat while it streams: the first text is sent at once, then the
 * message is edited at most every `intervalMs` (vendors rate-limit edits), and an answer
 * longer than the vendor's limit continues in further messages. Sends and edits run one at
 * a time, in order; a failed one is logged and the next flush tries again with the full text.
 */
import type { Logger } from '../log/logger.js';
import { splitText } from './split-text.js';
import type { ChannelTransport } from './types.js';

export interface StreamingReplyOptions {
  transport: ChannelTransport;
  chatId: string;
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
}

export class StreamingReply {
  private text = '';
  /** What each message of this answer shows now (index = piece of the split text). */
  private readonly sent: { id: string; text: string }[] = [];
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  private pendingBreak = false;

  constructor(private readonly options: StreamingReplyOptions) {}

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
    const wait = this.sent.length === 0 ? 0 : this.lastFlush + this.options.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /**
   * Ends the answer: `note` (an error, "stopped") is added below what streamed, or is the
   * whole answer when nothing did. Resolves when every message is up to date.
   */
  async finish(note = ''): Promise<void> {
    if (note) this.text = this.text.trim() ? `${this.text}\n\n${note}` : note;
    this.flush();
    await this.chain;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastFlush = Date.now();
    this.chain = this.chain.then(() => this.sync());
  }

  /** Brings the chat's messages in line with the text: edits changed pieces, sends new ones. */
  private async sync(): Promise<void> {
    const { transport, chatId } = this.options;
    if (this.text.trim() === '') return;
    const pieces = splitText(this.text, transport.maxMessageChars);
    try {
      for (const [index, piece] of pieces.entries()) {
        const shown = this.sent[index];
        if (!shown) this.sent.push({ id: await transport.send(chatId, piece), text: piece });
        else if (shown.text !== piece) {
          await transport.edit(chatId, shown.id, piece);
          shown.text = piece;
        }
      }
    } catch (error) {
      this.options.logger.warn({ err: error, channel: transport.name }, 'updating a chat answer failed');
    }
  }
}
