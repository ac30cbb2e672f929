/** Keeps the k best (highest score) of a stream of scored ids; k is small (≤ a few hundred). */
export class TopK {
  readonly ids: number[] = [];
  readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  /** The lowest score that still gets in. */
  get floor(): number {
    return this.ids.length < this.k ? Number.NEGATIVE_INFINITY : this.scores[this.scores.length - 1]!;
  }

  offer(id: number, score: number): void {
    if (this.k <= 0 || score <= this.floor) return;
    let at = this.scores.length;
    while (at > 0 && this.scores[at - 1]! < score) at--;
    this.ids.splice(at, 0, id);
    this.scores.splice(at, 0, score);
    if (this.ids.length > this.k) {
      this.ids.pop();
      this.scores.pop();
    }
  }
}
