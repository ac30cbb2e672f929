import type { QuickAction } from '../quick-options.js';

/**
 * What a quick command's bundle entry (this folder; scripts/build.mjs bundles each one on its own,
 * so a quick command loads a few chunks instead of the program's many) gives main.ts: the action,
 * and the error report from the same bundle, whose `instanceof` checks know that bundle's classes.
 */
export interface QuickEntry {
  action: QuickAction;
  reportError(error: unknown, argv: readonly string[]): Promise<void>;
}

/** The error report, loaded only when a quick command failed. */
export async function reportError(error: unknown, argv: readonly string[]): Promise<void> {
  (await import('../report-error.js')).reportCliError(error, argv);
}
