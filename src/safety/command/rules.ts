/**
 * The user's rules (`safety.rules`): a program (an absolute path, as "Always" saves it, or a base
 * name) plus glob patterns for the arguments. A rule's `args` match argument by argument (same
 * count); `*` and `?` are globs, `\` escapes. When several rules match, deny wins over ask, and ask
 * over allow. An allow binds to what actually runs: an absolute path matches only that file as the
 * command will find it, a base name only a built-in or a file of that name outside the places the
 * model can write; neither ever matches a file in the workspace or one the model wrote. Deny and
 * ask rules match more widely (the base name as written too).
 */
import { realpathSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import type { SafetyRule } from '../../config/schema.js';
import type { Decision } from '../types.js';
import type { ProgramIdentity } from './program-identity.js';

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

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function programMatches(command: string, identity: ProgramIdentity, decision: Decision): boolean {
  const path = 'path' in identity ? identity.path : undefined;
  if (decision === 'allow') {
    if (identity.kind !== 'file' && identity.kind !== 'builtin') return false;
    if (command === '*') return true;
    return isAbsolute(command) ? command === path : command === identity.name;
  }
  if (command === '*' || command === identity.name) return true;
  if (path === undefined) return false;
  const resolved = real(path);
  if (!isAbsolute(command)) return resolved !== undefined && basename(resolved) === command;
  return command === path || (real(command) ?? command) === resolved;
}

function matches(rule: SafetyRule, identity: ProgramIdentity, args: readonly string[]): boolean {
  if (!programMatches(rule.command, identity, rule.decision)) return false;
  if (!rule.args) return true;
  if (rule.args.length !== args.length) return false;
  return rule.args.every((pattern, i) => globToRegex(pattern).test(args[i] as string));
}

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** The strictest decision of the `run_command` rules that match, if any. */
export function ruleDecision(
  rules: readonly SafetyRule[],
  identity: ProgramIdentity,
  args: readonly string[],
): Decision | undefined {
  let result: Decision | undefined;
  for (const rule of rules) {
    if (rule.tool !== 'run_command' || !matches(rule, identity, args)) continue;
    if (result === undefined || STRICTNESS[rule.decision] > STRICTNESS[result]) result = rule.decision;
  }
  return result;
}

export function stricter(a: Decision, b: Decision): Decision {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}
