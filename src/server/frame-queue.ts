/**
 * Client frames are checked by src/protocol/parse-client-frame.ts (zod), loaded when the first
 * frame arrives from any client, not at start: a box that has only sent `history` frames has not
 * loaded zod. One queue per connection keeps that connection's frames in the order they came,
 * also while the parser loads.
 */
import { type LoadOnce, loadOnce } from '../util/load-once.js';

type ParseClientFrame = typeof import('../protocol/parse-client-frame.js').parseClientFrame;

/** Loads the parser once for every connection; a failed load is tried again by the next frame. */
export type ParserLoader = LoadOnce<ParseClientFrame>;

/** The box's one parser loader. */
export const clientFrameParser: ParserLoader = loadOnce(
  async () => (await import('../protocol/parse-client-frame.js')).parseClientFrame,
);

/**
 * Runs each task with the parser, in order: at once when it is loaded and nothing waits. A task
 * whose parser failed to load is not run: `onError` gets the error (and must answer the client).
 */
export function createFrameQueue(
  onError: (error: unknown) => void,
  parser: ParserLoader = clientFrameParser,
): (task: (parse: ParseClientFrame) => void) => void {
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();
  return (task) => {
    const ready = parser.loaded;
    if (ready && waiting === 0) {
      task(ready);
      return;
    }
    waiting++;
    tail = tail.then(async () => {
      try {
        task(await parser.load());
      } catch (error) {
        onError(error);
      } finally {
        waiting--;
      }
    });
  };
}
