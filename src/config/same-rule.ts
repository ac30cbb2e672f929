/** When two `safety.rules` entries are the same rule (its own file: the approval broker needs it at start, not the config loader). */
import type { SafetyRule } from './schema.js';

/** Same decision, tool, program and arguments. */
export function sameRule(a: SafetyRule, b: SafetyRule): boolean {
  const args = (r: SafetyRule) => JSON.stringify(r.args ?? null);
  return a.decision === b.decision && a.tool === b.tool && a.command === b.command && args(a) === args(b);
}
