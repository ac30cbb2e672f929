/**
 * Client frames are checked by src/protocol/parse-client-frame.ts (zod), loaded when the first
 * frame arrives from any client, not at start: a box that has only sent `history` frames has not
 * loaded zod. One queue per connection keeps that connection's frames in the order they came,
 * also while the parser loads.
 */
type ParseClientFrame = typeof import('../protocol/parse-client-frame.js').parseClientFrame;

let loading: Promise<ParseClientFrame> | undefined;
let loaded: ParseClientFrame | undefined;

function loadParser(): Promise<ParseClientFrame> {
  loading ??= import('../protocol/parse-client-frame.js').then((module) => {
    loaded = module.parseClientFrame;
    return loaded;
  });
  return loading;
}

/** Runs each task with the parser, in order: at once when it is loaded and nothing waits. */
export function createFrameQueue(
  onError: (error: unknown) => void,
): (task: (parse: ParseClientFrame) => void) => void {
  let waiting = 0;
  let tail: Promise<void> = Promise.resolve();
  return (task) => {
    if (loaded && waiting === 0) {
      task(loaded);
      return;
    }
    waiting++;
    tail = tail.then(async () => {
      try {
        task(await loadParser());
      } catch (error) {
        onError(error);
      } finally {
        waiting--;
      }
    });
  };
}
