import { availableParallelism } from 'node:os';

/** `skills.probe_concurrency`: 0 means twice the core count, at least 4. */
export function resolveConcurrency(configured: number, cores = availableParallelism()): number {
  return configured > 0 ? configured : Math.max(4, 2 * cores);
}

/** Maps `items` through `fn` with at most `limit` calls in flight; results keep the input order. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index] as T);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
