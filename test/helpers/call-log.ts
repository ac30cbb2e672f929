/** What a fake vendor server was asked, in order, and a way to wait for a call (already made or future). */
export interface CallLog<T> {
  readonly calls: T[];
  record(call: T): void;
  waitFor(match: (call: T) => boolean): Promise<T>;
}

export function createCallLog<T>(): CallLog<T> {
  const calls: T[] = [];
  let waiters: { match: (call: T) => boolean; resolve: (call: T) => void }[] = [];
  return {
    calls,
    record(call) {
      calls.push(call);
      waiters = waiters.filter((waiter) => {
        if (!waiter.match(call)) return true;
        waiter.resolve(call);
        return false;
      });
    },
    waitFor(match) {
      const done = calls.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}
