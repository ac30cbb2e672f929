/**
 * Embeds memories that have no vector of the current model, a batch at a time, in the
 * background: started at boot (so it resumes what a restart interrupted), woken after each save.
 * One batch runs at a time; a failing endpoint is retried after a growing pause (5 s → 10 min)
 * and logged once per streak, never in a loop.
 */
import type { Database } from 'better-sqlite3';
import type { Logger } from '../../log/logger.js';
import type { MemoryStore } from '../types.js';
import { memoryText } from './memory-text.js';
import type { VectorSpace } from './vector-space.js';

export interface MemoryIndexer {
  /** Starts a pass if none is running. */
  wake(): void;
  /** Resolves when nothing is left to embed (or embedding failed); for `aibox memory reindex` and tests. */
  drain(): Promise<void>;
  /** Memories without a vector of this model ('unknown' before the first vector told the size). */
  backlog(): number | 'unknown';
  /** `backlog()` read at most every BACKLOG_CACHE_MS (for `/healthz`, which must stay cheap). */
  recentBacklog(): number | 'unknown';
  /** Why the last pass failed; cleared by a batch that succeeds. */
  lastError(): string | undefined;
  close(): void;
}

const FIRST_RETRY_MS = 5000;
const BACKLOG_CACHE_MS = 10_000;
const LAST_RETRY_MS = 600_000;

interface IndexerOptions {
  db: Database;
  memory: MemoryStore;
  space: VectorSpace;
  batchSize: number;
  logger: Logger;
  /** After each batch: how many texts and characters were embedded (for the budget). */
  onEmbedded?: (texts: number, chars: number) => void;
}

export function createMemoryIndexer(options: IndexerOptions): MemoryIndexer {
  const { db, memory, space, batchSize, logger } = options;
  const firstIds = db.prepare('SELECT id FROM memories ORDER BY id LIMIT ?');
  let running: Promise<void> | undefined;
  let retryMs = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastError: string | undefined;
  let cached: { at: number; value: number | 'unknown' } | undefined;
  const abort = new AbortController();

  const nextIds = (): number[] => {
    const store = space.store();
    return store
      ? store.missing(batchSize)
      : (firstIds.all(batchSize) as { id: number }[]).map((row) => row.id);
  };

  const pass = async (): Promise<void> => {
    while (!closed) {
      const ids = nextIds();
      const items = ids.map((id) => memory.get(id)).filter((m) => m !== undefined);
      if (items.length === 0) return;
      const texts = items.map(memoryText);
      const vectors = await space.embed(texts, abort.signal);
      const store = space.store();
      if (!store) return;
      db.transaction(() => {
        items.forEach((item, i) => {
          const vector = vectors[i];
          if (vector) store.put(item.id, vector);
        });
      })();
      options.onEmbedded?.(
        texts.length,
        texts.reduce((n, text) => n + text.length, 0),
      );
      retryMs = 0;
      lastError = undefined;
    }
  };

  const start = (): Promise<void> => {
    if (running) return running;
    running = pass()
      .catch((error: unknown) => {
        if (closed) return;
        lastError = error instanceof Error ? error.message : String(error);
        if (retryMs === 0) logger.warn({ err: error }, 'memory embedding failed; retrying later');
        retryMs = Math.min(LAST_RETRY_MS, retryMs === 0 ? FIRST_RETRY_MS : retryMs * 2);
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          indexer.wake();
        }, retryMs);
        retryTimer.unref();
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const indexer: MemoryIndexer = {
    wake() {
      // While a retry is pending, saves do not hit the failing endpoint again.
      if (!closed && !retryTimer) void start();
    },
    async drain() {
      await start();
    },
    backlog() {
      return space.store()?.backlog() ?? 'unknown';
    },
    recentBacklog() {
      const now = Date.now();
      if (!cached || now - cached.at > BACKLOG_CACHE_MS) cached = { at: now, value: indexer.backlog() };
      return cached.value;
    },
    lastError: () => lastError,
    close() {
      closed = true;
      clearTimeout(retryTimer);
      abort.abort();
    },
  };
  return indexer;
}
