/**
 * The MCP call decision: rules by name, the hash an "Always" rule carries (it covers the tool only
 * as it described itself then), and a changed tool asked again whatever rule exists.
 */
import { describe, expect, it } from 'vitest';
import { defaultConfig, type SafetyRule } from '../../src/config/schema.js';
import { decideMcpCall } from '../../src/mcp/decide.js';
import { mcpMessages } from '../../src/mcp/messages.js';

const t = mcpMessages('en');
const OLD = 'a'.repeat(64);
const NOW = 'b'.repeat(64);

function decide(rules: SafetyRule[], extra: { change?: string; mode?: 'ask' | 'deny' | 'off' } = {}) {
  const safety = { ...defaultConfig().safety, rules, mode: extra.mode ?? 'ask' };
  return decideMcpCall({
    safety,
    server: 'fs',
    qualifiedName: 'fs__read',
    hash: NOW,
    ...(extra.change !== undefined ? { change: extra.change } : {}),
    t,
  });
}

const allow = (extra: Partial<SafetyRule> = {}): SafetyRule => ({
  decision: 'allow',
  tool: 'mcp',
  command: 'fs__read',
  ...extra,
});

describe('decideMcpCall', () => {
  it('asks by default; "Always" would save the tool with its current hash', () => {
    expect(decide([])).toEqual({
      decision: 'ask',
      reason: t.approvalReason('fs'),
      rememberable: { decision: 'allow', tool: 'mcp', command: 'fs__read', hash: NOW },
    });
  });

  it('a rule with the hash of the tool as it is now allows it', () => {
    expect(decide([allow({ hash: NOW })])).toEqual({ decision: 'allow', reason: '' });
  });

  it('a rule given for an earlier description and schema does not cover it: asked again, "Always" offered', () => {
    const verdict = decide([allow({ hash: OLD })]);
    expect(verdict).toMatchObject({ decision: 'ask', rememberable: { hash: NOW } });
    expect(verdict.reason).toBe(
      'the "Always" rule for fs__read was given for an earlier description and input schema; asking again',
    );
  });

  it('a changed tool is asked again under any allow rule, saying what changed', () => {
    for (const rules of [
      [allow()],
      [allow({ command: 'fs__*' })],
      [allow({ hash: OLD })],
      [allow({ hash: NOW })],
    ]) {
      const verdict = decide(rules, { change: 'arguments added: cmd' });
      expect(verdict.decision).toBe('ask');
      expect(verdict.reason).toBe(
        'MCP tool "fs__read" changed after it was allowed (arguments added: cmd); asking again',
      );
      expect(verdict.rememberable?.hash).toBe(NOW);
    }
  });

  it('a hand-written allow rule without a hash allows while nothing changed; deny wins; off allows', () => {
    expect(decide([allow({ command: 'fs__*' })]).decision).toBe('allow');
    expect(decide([allow({ hash: OLD }), allow({ command: '*' })]).decision).toBe('allow');
    const denied = decide([allow({ hash: NOW }), { decision: 'deny', tool: 'mcp', command: 'fs__*' }], {
      change: 'x',
    });
    expect(denied).toEqual({ decision: 'deny', reason: t.deniedByRule('fs__read') });
    expect(decide([], { mode: 'off', change: 'x' }).decision).toBe('allow');
  });

  it('ignores rules of other tools and other MCP names', () => {
    const verdict = decide([
      { decision: 'allow', tool: 'run_command', command: 'fs__read' },
      allow({ command: 'fs__write' }),
    ]);
    expect(verdict.decision).toBe('ask');
  });
});
