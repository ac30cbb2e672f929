/**
 * Saves an "Always" answer's rule into config.json (src/config/append-rule.ts). That code validates
 * the file with the config schema (zod), so it is loaded when a person is first asked, not at start:
 * by the time someone answers "always" it is there and the rule is written at once; an answer
 * quicker than the load is written right after it, in order.
 */
import type { SafetyRule } from '../config/schema.js';
import type { Logger } from '../log/logger.js';

type AppendRule = typeof import('../config/append-rule.js');

export interface RuleSaver {
  /** Starts loading the saving code (call when an approval is requested). */
  preload(): void;
  /** The broker's `persistRule`: a throw (when loaded) is the broker's to log. */
  persist(rule: SafetyRule): void;
}

export function createRuleSaver(configPath: string, logger: Pick<Logger, 'warn'>): RuleSaver {
  let loaded: AppendRule | undefined;
  let loading: Promise<AppendRule> | undefined;
  const load = () =>
    (loading ??= import('../config/append-rule.js').then((module) => {
      loaded = module;
      return module;
    }));
  return {
    preload() {
      load().catch((error: unknown) => logger.warn({ err: error }, 'could not load the rule saver'));
    },
    persist(rule) {
      if (loaded) {
        loaded.appendSafetyRule(configPath, rule);
        return;
      }
      load()
        .then((module) => module.appendSafetyRule(configPath, rule))
        .catch((error: unknown) =>
          logger.warn({ err: error, rule }, 'could not save the "always" rule; it holds until restart'),
        );
    },
  };
}
