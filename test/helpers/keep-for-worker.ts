/**
 * Declares a resource a worker process keeps on purpose from one test file to the next (one
 * chromium per worker, `test/e2e/browser.ts`), so that the leak guard (`leak-guard.ts`) does not
 * count what creating it opened (child process, pipes, process listeners) as a leak of the file
 * that happened to create it first.
 */
import { vi } from 'vitest';
import { captureGlobalState, stateAdded } from './global-state.js';

/** Listener and resource counts kept on purpose by the current test file; reset by the guard per file. */
const ALLOWED = Symbol.for('aibox.test.keptForWorker');

type Registry = { [ALLOWED]?: Record<string, number> };

export function keptForWorker(): Record<string, number> {
  const registry = globalThis as Registry;
  if (!registry[ALLOWED]) resetKeptForWorker();
  return registry[ALLOWED] as Record<string, number>;
}

export function resetKeptForWorker(): void {
  (globalThis as Registry)[ALLOWED] = {};
}

/**
 * Runs `create` and allows the current file to end with what it opened. `label` says in code what
 * is kept; call this only where the resource is created once per worker.
 */
export async function keepForWorker<T>(_label: string, create: () => Promise<T>): Promise<T> {
  const before = captureGlobalState(vi.isFakeTimers());
  const created = await create();
  const allowed = keptForWorker();
  for (const [key, count] of Object.entries(stateAdded(before, captureGlobalState(vi.isFakeTimers()))))
    allowed[key] = (allowed[key] ?? 0) + count;
  return created;
}
