/**
 * One signal for a whole model request: aborted by the caller's signal or when the
 * total time runs out (connect, retries and the stream together). `reason()` says which.
 */
export interface Deadline {
  signal: AbortSignal;
  /** 'timeout' or 'aborted' once the signal fired; undefined before. */
  reason(): 'timeout' | 'aborted' | undefined;
  remainingMs(): number;
  dispose(): void;
}

export function createDeadline(totalMs: number, outer: AbortSignal, now: () => number = Date.now): Deadline {
  const controller = new AbortController();
  const end = now() + totalMs;
  let why: 'timeout' | 'aborted' | undefined;
  const onAbort = () => {
    why ??= 'aborted';
    controller.abort();
  };
  const timer = setTimeout(() => {
    why ??= 'timeout';
    controller.abort();
  }, totalMs);
  if (outer.aborted) onAbort();
  else outer.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    reason: () => why,
    remainingMs: () => Math.max(0, end - now()),
    dispose: () => {
      clearTimeout(timer);
      outer.removeEventListener('abort', onAbort);
    },
  };
}
