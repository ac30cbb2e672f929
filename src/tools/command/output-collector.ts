/**
 * Collects a command's stdout and stderr interleaved in arrival order, with bounded memory:
 * the first `keepChars` are kept whole, after that only a rolling tail, and the size of the
 * dropped middle is counted.
 */
export class OutputCollector {
  private readonly head: string[] = [];
  private headChars = 0;
  private tail = '';
  private droppedChars = 0;
  private totalChars = 0;

  constructor(
    private readonly keepChars: number,
    private readonly tailChars: number,
  ) {}

  push(text: string): void {
    this.totalChars += text.length;
    if (this.headChars < this.keepChars) {
      const room = this.keepChars - this.headChars;
      this.head.push(text.slice(0, room));
      this.headChars += Math.min(room, text.length);
      text = text.slice(room);
      if (!text) return;
    }
    this.tail += text;
    if (this.tail.length > this.tailChars * 2) {
      const cut = this.tail.length - this.tailChars;
      this.droppedChars += cut;
      this.tail = this.tail.slice(cut);
    }
  }

  get length(): number {
    return this.totalChars;
  }

  /** Characters that were not kept (0 unless the output passed `keepChars` plus the tail). */
  get dropped(): number {
    return this.droppedChars;
  }

  /** Everything kept; `marker(n)` is placed where `n` characters were dropped. */
  text(marker: (dropped: number) => string): string {
    const head = this.head.join('');
    if (this.droppedChars === 0) return head + this.tail;
    return `${head}\n${marker(this.droppedChars)}\n${this.tail}`;
  }
}
