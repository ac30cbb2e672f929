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

/**
 * The server sent an error as a chunk of the stream (vLLM and SGLang send
 * `{"object":"error","message":…,"code":400}` and then `[DONE]`): never an answer.
 */
export class StreamErrorChunk extends Error {
  constructor(
    readonly detail: string,
    readonly status: number | undefined,
  ) {
    super(detail);
    this.name = 'StreamErrorChunk';
  }
}

/** The vendor's error when `chunk` is an error chunk without the `error` key the SDK looks for. */
export function errorChunk(chunk: unknown): StreamErrorChunk | undefined {
  const fields = chunk as { object?: unknown; message?: unknown; code?: unknown; choices?: unknown };
  if (fields?.object !== 'error') return undefined;
  const detail =
    typeof fields.message === 'string' && fields.message ? fields.message : JSON.stringify(chunk);
  const code = typeof fields.code === 'number' ? fields.code : Number(fields.code);
  return new StreamErrorChunk(detail, Number.isInteger(code) && code >= 400 ? code : undefined);
}
