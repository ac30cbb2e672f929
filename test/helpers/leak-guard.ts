/**
 * Setup file of every test file (vitest.config.ts): fails the file, naming what leaked, when after
 * its last test the process-wide state differs from before it (`global-state.ts`): env, cwd,
 * `process.exitCode`, process listeners, open servers, sockets, child processes and watchers, fake
 * timers. With `isolate: false` the next file in the same worker would inherit what is left.
 * Resources a worker keeps on purpose are declared with `keepForWorker` (`keep-for-worker.ts`).
 */
import { afterAll, vi } from 'vitest';
import { captureGlobalState, diffGlobalState } from './global-state.js';
import { keptForWorker, resetKeptForWorker } from './keep-for-worker.js';

/** How long a closing server or an ending child process may take to leave the active resources. */
const SETTLE_MS = 3_000;
const POLL_MS = 25;

// Runs before the test file is imported, once per file (with isolate: false too).
resetKeptForWorker();
const before = captureGlobalState(vi.isFakeTimers());

function leaks(): string[] {
  return diffGlobalState(before, captureGlobalState(vi.isFakeTimers()), keptForWorker());
}

// Registered first, so with vitest's stacked hooks it runs after the file's own afterAll hooks.
afterAll(async () => {
  const deadline = performance.now() + SETTLE_MS;
  let found = leaks();
  // A server's close or a child's exit completes a few event-loop turns after the file's hook returned.
  while (found.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    found = leaks();
  }
  if (found.length > 0)
    throw new Error(`this test file leaves global state behind (isolate: false):\n  ${found.join('\n  ')}`);
});
