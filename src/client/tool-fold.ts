/** Keeps the last few lines of a tool's live output (the rest is counted, not kept). */
export class ToolFold {
  private lines: string[] = [''];
  private dropped = 0;
  constructor(private readonly keep: number) {}

  push(text: string): void {
    const parts = text.split('\n');
    this.lines[this.lines.length - 1] += parts[0] ?? '';
    for (const part of parts.slice(1)) this.lines.push(part);
    while (this.lines.length > this.keep + 1) {
      this.lines.shift();
      this.dropped++;
    }
  }

  /** The kept lines (without a trailing empty one) and how many were folded away. */
  view(): { lines: string[]; folded: number } {
    const lines = this.lines.at(-1) === '' ? this.lines.slice(0, -1) : [...this.lines];
    const extra = Math.max(0, lines.length - this.keep);
    return { lines: lines.slice(extra), folded: this.dropped + extra };
  }
}
