/**
 * Saves an "Always" answer's rule into config.json (src/config/append-rule.ts). That code validates
 * the file with the config schema (zod), so it is loaded when a person is first asked, not at start:
 * by the time someone answers "always" it is there and the rule is written at once; an answer
 * quicker than the load is written right after it, in order.
 */
import type { SafetyRule } from '../config/schema.js';
import type { Logger } from '../log/logger.js';
import { loadOnce } from '../util/load-once.js';

type AppendRule = typeof import('../config/append-rule.js');

export interface RuleSaver {
  /** Starts loading the saving code (call when an approval is requested). */
  preload(): void;
  /** The broker's `persistRule`: a throw (when loaded) is the broker's to log. */
  persist(rule: SafetyRule): void;
}

export function createRuleSaver(configPath: string, logger: Pick<Logger, 'warn'>): RuleSaver {
  const saver = loadOnce<AppendRule>(() => import('../config/append-rule.js'));
  return {
    preload() {
      saver.load().catch((error: unknown) => logger.warn({ err: error }, 'could not load the rule saver'));
    },
    persist(rule) {
      if (saver.loaded) {
        saver.loaded.appendSafetyRule(configPath, rule);
        return;
      }
      saver
        .load()
        .then((module) => module.appendSafetyRule(configPath, rule))
        .catch((error: unknown) =>
          logger.warn({ err: error, rule }, 'could not save the "always" rule; it holds until restart'),
        );
    },
  };
}
