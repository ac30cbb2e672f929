/**
 * What a streamed reply must satisfy before any of it counts: an end marker (a
 * `finish_reason`), and at most `maxReplyChars` characters of content, reasoning and
 * tool-call arguments together. Breaking either throws one of these errors from inside
 * the stream loop, which also closes the request (the SDK aborts it when the loop exits).
 */

/** The stream closed cleanly but never said it was finished: a cut the transport hid. */
export class StreamUnterminatedError extends Error {
  constructor() {
    super('the stream ended without finish_reason');
    this.name = 'StreamUnterminatedError';
  }
}

/** The reply passed `limit` characters; what was within the limit has been emitted. */
export class ReplyTooLongError extends Error {
  constructor(readonly limit: number) {
    super(`the reply passed ${limit} characters`);
    this.name = 'ReplyTooLongError';
  }
}

/** Counts a reply's characters; `take` returns the part of `text` that still fits. */
export class ReplyBudget {
  private used = 0;
  exceeded = false;

  constructor(readonly limit: number = Number.POSITIVE_INFINITY) {}

  take(text: string): string {
    const room = this.limit - this.used;
    if (text.length <= room) {
      this.used += text.length;
      return text;
    }
    this.used = this.limit;
    this.exceeded = true;
    return text.slice(0, Math.max(0, room));
  }
}
