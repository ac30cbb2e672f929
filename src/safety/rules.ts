/**
 * The user's rules (`safety.rules`): program name plus glob patterns for the arguments.
 * A rule's `args` match argument by argument (same count); `*` and `?` are globs, `\` escapes.
 * When several rules match, deny wins over ask, and ask over allow.
 */
import type { SafetyRule } from '../config/schema.js';
import type { Decision } from './types.js';

function globToRegex(glob: string): RegExp {
  let body = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '\\' && i + 1 < glob.length)
      body += (glob[++i] as string).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '*') body += '.*';
    else if (c === '?') body += '.';
    else body += c.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${body}$`, 's');
}

/** Escapes an argument so a rule matches exactly it. */
export function exactGlob(arg: string): string {
  return arg.replace(/[\\*?]/g, '\\$&');
}

function matches(rule: SafetyRule, program: string, args: readonly string[]): boolean {
  if (rule.command !== '*' && rule.command !== program) return false;
  if (!rule.args) return true;
  if (rule.args.length !== args.length) return false;
  return rule.args.every((pattern, i) => globToRegex(pattern).test(args[i] as string));
}

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** The strictest decision of the `run_command` rules that match, if any. */
export function ruleDecision(
  rules: readonly SafetyRule[],
  program: string,
  args: readonly string[],
): Decision | undefined {
  let result: Decision | undefined;
  for (const rule of rules) {
    if (rule.tool !== 'run_command' || !matches(rule, program, args)) continue;
    if (result === undefined || STRICTNESS[rule.decision] > STRICTNESS[result]) result = rule.decision;
  }
  return result;
}

export function stricter(a: Decision, b: Decision): Decision {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}
