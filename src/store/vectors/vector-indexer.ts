/**
 * Embeds the rows of a vectors table's source that have no vector of the current model (memories,
 * messages), a batch at a time, in the background: started at boot (so it resumes what a restart
 * interrupted: it asks the table what is missing), woken after each write. One batch runs at a
 * time; a failing endpoint (down, garbage, vectors of the wrong size) is retried after a growing
 * pause (5 s → 10 min) and logged once per streak, never in a loop.
 */
import type { Database } from 'better-sqlite3';
import type { Logger } from '../../log/logger.js';
import type { VectorSpace } from './vector-space.js';
import { firstRows } from './vector-table.js';

export interface VectorIndexer {
  /** Starts a pass if none is running (after `delayMs`, when set: writes close together make one batch). */
  wake(): void;
  /** Resolves when nothing is left to embed (or embedding failed); for `aibox memory reindex` and tests. */
  drain(): Promise<void>;
  /** Rows without a vector of this model ('unknown' before the first vector told the size). */
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

export interface VectorIndexerOptions {
  db: Database;
  space: VectorSpace;
  batchSize: number;
  logger: Logger;
  /** The text embedded for each of these ids (rows gone since are left out). */
  texts: (ids: number[]) => { id: number; text: string }[];
  /** Pause between a wake and its pass (default 0). */
  delayMs?: number;
  /** After each batch: how many texts and characters were embedded. */
  onEmbedded?: (texts: number, chars: number) => void;
}

export function createVectorIndexer(options: VectorIndexerOptions): VectorIndexer {
  const { db, space, batchSize, logger } = options;
  let running: Promise<void> | undefined;
  let retryMs = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastError: string | undefined;
  let cached: { at: number; value: number | 'unknown' } | undefined;
  const abort = new AbortController();

  const nextIds = (): number[] => space.store()?.missing(batchSize) ?? firstRows(db, space.table, batchSize);

  const pass = async (): Promise<void> => {
    while (!closed) {
      const items = options.texts(nextIds());
      if (items.length === 0) return;
      const texts = items.map((item) => item.text);
      const vectors = await space.embed(texts, abort.signal);
      const store = space.store();
      if (!store || closed) return;
      // A vector of the wrong size throws here: the batch is kept out, and retried later.
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
        if (retryMs === 0) logger.warn({ err: error }, 'embedding failed; retrying later');
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

  const indexer: VectorIndexer = {
    wake() {
      // While a retry is pending, writes do not hit the failing endpoint again.
      if (closed || retryTimer) return;
      if (!options.delayMs) {
        void start();
        return;
      }
      if (wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        void start();
      }, options.delayMs);
      wakeTimer.unref();
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
      clearTimeout(wakeTimer);
      abort.abort();
    },
  };
  return indexer;
}
