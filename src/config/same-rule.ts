/** When two `safety.rules` entries are the same rule (its own file: the approval broker needs it at start, not the config loader). */
import type { SafetyRule } from './schema.js';

/** Same decision, tool, program, arguments and (MCP) approved description hash. */
export function sameRule(a: SafetyRule, b: SafetyRule): boolean {
  const args = (r: SafetyRule) => JSON.stringify(r.args ?? null);
  return (
    a.decision === b.decision &&
    a.tool === b.tool &&
    a.command === b.command &&
    args(a) === args(b) &&
    a.hash === b.hash
  );
}

/**
 * Whether saving `rule` retires `older`: an "Always" for an MCP tool as it describes itself now
 * replaces the remembered one for an earlier description (both with a hash; rules written by
 * hand, without one, are never touched).
 */
export function supersedes(rule: SafetyRule, older: SafetyRule): boolean {
  return (
    rule.hash !== undefined &&
    older.hash !== undefined &&
    rule.hash !== older.hash &&
    rule.tool === older.tool &&
    rule.decision === older.decision &&
    rule.command === older.command
  );
}
