/**
 * The allow/ask/deny decision for one MCP tool call. Default ask; `safety.rules` entries with
 * `tool: "mcp"` match `server__tool`, `server__*` or `*` (a deny rule wins over ask, ask over
 * allow). A tool whose description changed since it was allowed is asked again, whatever a rule says.
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
  /** The stored hash differs from the current description's. */
  changed: boolean;
  t: McpMessages;
}

export function decideMcpCall(input: McpDecisionInput): Verdict {
  const { safety, qualifiedName, t } = input;
  const rememberable: SafetyRule = { decision: 'allow', tool: 'mcp', command: qualifiedName };
  if (safety.mode === 'off') return { decision: 'allow', reason: '' };
  let ruled: Decision | undefined;
  for (const rule of safety.rules) {
    if (!ruleMatches(rule, qualifiedName)) continue;
    if (ruled === undefined || STRENGTH[rule.decision] > STRENGTH[ruled]) ruled = rule.decision;
  }
  if (ruled === 'deny') return { decision: 'deny', reason: t.deniedByRule(qualifiedName) };
  if (input.changed) return { decision: 'ask', reason: t.descriptionChanged(qualifiedName), rememberable };
  if (ruled === 'allow') return { decision: 'allow', reason: '' };
  return { decision: 'ask', reason: t.approvalReason(input.server), rememberable };
}
