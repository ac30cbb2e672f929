/**
 * Progress notifications of one MCP call, held to a few lines a second: a server may send
 * thousands a second, and each line becomes a frame to every client of the session. The first
 * line goes at once; after that at most one per `intervalMs`, the latest of the interval; `end`
 * sends the one still held, so the last state is always shown.
 */
export interface ProgressCoalescer {
  push(line: string): void;
  /** The call ended: sends a held line, and nothing after. */
  end(): void;
}

export const PROGRESS_INTERVAL_MS = 250;

export function coalesceProgress(
  send: (line: string) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
): ProgressCoalescer {
  let sentAt = Number.NEGATIVE_INFINITY;
  let held: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const sendHeld = () => {
    timer = undefined;
    if (held === undefined) return;
    const line = held;
    held = undefined;
    sentAt = Date.now();
    send(line);
  };
  return {
    push(line) {
      if (ended) return;
      const waited = Date.now() - sentAt;
      if (timer === undefined && waited >= intervalMs) {
        sentAt = Date.now();
        send(line);
        return;
      }
      held = line;
      if (timer === undefined) {
        timer = setTimeout(sendHeld, intervalMs - waited);
        timer.unref();
      }
    },
    end() {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      sendHeld();
    },
  };
}
