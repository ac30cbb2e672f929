import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/providers/types.js';
import { type PlanItem, planCompression } from '../../src/session/compression-plan.js';
import { estimateTextTokens, estimateTokens } from '../../src/session/token-estimate.js';
import { ensureToolPairs } from '../../src/session/valid-history.js';
import { assertValidHistory } from './fixture.js';

let nextId = 1;
const item = (message: ChatMessage, kind: PlanItem['kind'] = 'message'): PlanItem => ({
  id: nextId++,
  kind,
  message,
});
const user = (content: string) => item({ role: 'user', content });
const text = (content: string) => item({ role: 'assistant', content });
const call = (...ids: string[]) =>
  item({
    role: 'assistant',
    content: null,
    tool_calls: ids.map((id) => ({
      id,
      type: 'function' as const,
      function: { name: 'echo', arguments: '{}' },
    })),
  });
const result = (id: string) => item({ role: 'tool', tool_call_id: id, content: 'ok' });

describe('planCompression', () => {
  it('cuts at a turn boundary and keeps at least the recent messages', () => {
    const items = [
      user('u1'),
      call('a'),
      result('a'),
      text('t1'),
      user('u2'),
      text('t2'),
      user('u3'),
      text('t3'),
    ];
    const plan = planCompression(items, 3)!;
    expect(plan.keep.map((i) => i.message.content)).toEqual(['u2', 't2', 'u3', 't3']);
    expect(plan.compress).toHaveLength(4);
  });

  it('never splits an assistant tool call from its results when no turn boundary is available', () => {
    // One long turn of many tool rounds.
    const items = [user('u1')];
    for (let i = 0; i < 6; i++) items.push(call(`c${i}a`, `c${i}b`), result(`c${i}a`), result(`c${i}b`));
    for (let keep = 2; keep <= 10; keep++) {
      const plan = planCompression(items, keep);
      // 19 items and at most 10 to keep: there is always something to compress.
      if (!plan) throw new Error(`no plan for keep=${keep}`);
      expect(plan.compress.length, `keep=${keep}`).toBeGreaterThan(0);
      expect(plan.keep.length).toBeGreaterThanOrEqual(keep);
      expect(plan.keep[0]?.message.role).toBe('assistant');
      assertValidHistory(plan.keep.map((i) => i.message));
      assertValidHistory(plan.compress.map((i) => i.message));
    }
  });

  it('folds an earlier summary in and leaves short histories alone', () => {
    const summary = item({ role: 'system', content: 'old summary' }, 'summary');
    const items = [summary, user('u1'), text('t1'), user('u2'), text('t2'), user('u3'), text('t3')];
    expect(planCompression(items, 2)?.compress[0]).toBe(summary);
    expect(planCompression([user('u1'), text('t1')], 2)).toBeUndefined();
  });
});

describe('ensureToolPairs', () => {
  it('adds results for unanswered calls and drops orphan tool messages', () => {
    const fixed = ensureToolPairs(
      [
        user('u').message,
        { role: 'tool', tool_call_id: 'ghost', content: 'orphan' },
        call('a', 'b').message,
        result('b').message,
        user('v').message,
      ],
      (c) => `missing ${c.id}`,
    );
    assertValidHistory(fixed);
    expect(fixed.map((m) => (m.role === 'tool' ? `${m.tool_call_id}:${m.content}` : m.role))).toEqual([
      'user',
      'assistant',
      'a:missing a',
      'b:ok',
      'user',
    ]);
  });
});

describe('token estimate', () => {
  it('counts CJK characters one each and other characters a quarter', () => {
    expect(estimateTextTokens('你好世界')).toBe(4);
    expect(estimateTextTokens('abcdefgh')).toBe(2);
    expect(estimateTokens([{ role: 'user', content: '你好 abcd' }])).toBeGreaterThan(
      estimateTextTokens('你好 abcd'),
    );
  });
});
