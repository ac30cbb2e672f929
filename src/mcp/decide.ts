/**
 * The allow/ask/deny decision for one MCP tool call. Default ask; `safety.rules` entries with
 * `tool: "mcp"` match `server__tool`, `server__*` or `*` (a deny rule wins over ask, ask over
 * allow). A rule with a `hash` (what "Always" saves) covers the tool only as it described itself
 * then. A tool that changed since it was allowed is asked again, whatever a rule says; "Always"
 * then remembers the tool as it is now.
 */
import type { Config, SafetyRule } from '../config/schema.js';
import type { Decision, Verdict } from '../safety/types.js';
import type { McpMessages } from './messages.js';

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${escaped}$`);
}

function ruleMatches(rule: SafetyRule, qualifiedName: string): boolean {
  return rule.tool === 'mcp' && globToRegExp(rule.command).test(qualifiedName);
}

const STRENGTH: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

interface McpDecisionInput {
  safety: Config['safety'];
  server: string;
  qualifiedName: string;
  /** The hash of the tool's description and input schema as the server gives them now. */
  hash: string;
  /** What changed since it was last allowed (in words), when it did. */
  change?: string;
  t: McpMessages;
}

export function decideMcpCall(input: McpDecisionInput): Verdict {
  const { safety, qualifiedName, t } = input;
  const rememberable: SafetyRule = {
    decision: 'allow',
    tool: 'mcp',
    command: qualifiedName,
    hash: input.hash,
  };
  if (safety.mode === 'off') return { decision: 'allow', reason: '' };
  let ruled: Decision | undefined;
  let outgrown = false;
  for (const rule of safety.rules) {
    if (!ruleMatches(rule, qualifiedName)) continue;
    if (rule.hash !== undefined && rule.hash !== input.hash) {
      outgrown = true;
      continue;
    }
    if (ruled === undefined || STRENGTH[rule.decision] > STRENGTH[ruled]) ruled = rule.decision;
  }
  if (ruled === 'deny') return { decision: 'deny', reason: t.deniedByRule(qualifiedName) };
  if (input.change !== undefined)
    return { decision: 'ask', reason: t.toolChanged(qualifiedName, input.change), rememberable };
  if (ruled === 'allow') return { decision: 'allow', reason: '' };
  if (outgrown) return { decision: 'ask', reason: t.ruleOutgrown(qualifiedName), rememberable };
  return { decision: 'ask', reason: t.approvalReason(input.server), rememberable };
}
