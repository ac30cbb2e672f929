/**
 * The checks a task's optional fields pass before they are stored: its chat (`notify`), its
 * pre-check command (`when`) and its cap on tokens per run. Each returns the stored value (null
 * for none) or throws AppError with the reason in the box's language.
 */
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { taskMessages } from './messages.js';
import type { NotifyTargets } from './types.js';

/** Longest pre-check command: a check, not a script. */
export const MAX_WHEN_CHARS = 2000;
/** Highest cap a task may set on one run: far above any real run, low enough to stay an integer. */
export const MAX_TASK_RUN_TOKENS = 100_000_000;

export interface TaskFieldChecks {
  /** A task's chat: null for none, else what `NotifyTargets` accepts (without targets, none is). */
  notify(target: string | null | undefined): string | null;
  /** A pre-check: trimmed, null for none, refused past MAX_WHEN_CHARS. */
  when(command: string | null | undefined): string | null;
  /** A cap per run: null for the config's, else a whole number from 0 to MAX_TASK_RUN_TOKENS. */
  cap(cap: number | null | undefined): number | null;
}

export function taskFieldChecks(options: { lang?: Lang; notifyTargets?: NotifyTargets }): TaskFieldChecks {
  const t = taskMessages(options.lang ?? 'zh');
  return {
    notify(target) {
      if (target === undefined || target === null || target.trim() === '') return null;
      if (!options.notifyTargets) throw new AppError('bad_notify', t.noChannels(target));
      return options.notifyTargets.check(target.trim());
    },
    when(command) {
      const trimmed = command?.trim() ?? '';
      if (trimmed === '') return null;
      if (trimmed.length > MAX_WHEN_CHARS) throw new AppError('bad_argument', t.whenTooLong(MAX_WHEN_CHARS));
      return trimmed;
    },
    cap(cap) {
      if (cap === undefined || cap === null) return null;
      if (!Number.isInteger(cap) || cap < 0 || cap > MAX_TASK_RUN_TOKENS)
        throw new AppError('bad_argument', t.badRunCap(MAX_TASK_RUN_TOKENS));
      return cap;
    },
  };
}
