/**
 * Fills the conversation search index with the messages stored before it existed
 * (`message-index.ts`), one batch per turn of the event loop, in the background: start-up
 * does not wait for it, and closing stops it between batches.
 */
import type { MessageIndex } from '../conversations/message-index.js';
import type { Logger } from '../log/logger.js';

export function startMessageBackfill(index: MessageIndex, logger: Pick<Logger, 'info' | 'warn'>): () => void {
  let stopped = false;
  let batches = 0;
  const step = () => {
    if (stopped) return;
    try {
      if (index.backfill()) {
        batches++;
        setImmediate(step);
      } else if (batches > 0) logger.info({ batches }, 'older messages indexed for conversation search');
    } catch (error) {
      logger.warn({ err: error }, 'conversation search backfill stopped; it resumes at the next start');
    }
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}
