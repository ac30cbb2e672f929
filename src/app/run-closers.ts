import type { Logger } from '../log/logger.js';

/** Tears down in reverse order; one failing step does not stop the others. */
export async function runClosers(closers: (() => Promise<void> | void)[], logger: Logger): Promise<void> {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      logger.warn({ err: error }, 'shutdown step failed');
    }
  }
}
