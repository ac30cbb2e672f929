import { describe, expect, it } from 'vitest';
import { createWordApprovals } from '../../../src/channels/approvals/word-approvals.js';
import type { PendingApproval } from '../../../src/safety/approvals/approval-broker.js';

describe('one-word approvals', () => {
  const pending = (id: string, command = `touch ${id}`): PendingApproval => ({
    approvalId: id,
    request: { sessionId: 's', turnId: 't', callId: id, tool: 'run_command', command, reason: 'r' },
    expiresAt: new Date(0),
  });
  let next = 0;
  const counting = () => createWordApprovals((below) => next++ % below);

  it('answers a lone request with a bare word in either language, any case and width', () => {
    const words = counting();
    const code = words.add('c', pending('a'));
    expect(words.read('c', ' ALLOW ')).toEqual({ kind: 'answer', approvalId: 'a', answer: 'allow', code });
    expect(words.read('c', '总是')).toMatchObject({ kind: 'answer', answer: 'always' });
    expect(
      words.read('c', `拒绝 ${code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))}`),
    ).toMatchObject({ kind: 'answer', answer: 'deny' });
    expect(words.read('other', 'allow')).toEqual({ kind: 'none' });
    expect(words.read('c', 'allow me to explain')).toEqual({ kind: 'none' });
  });

  it('never lands a bare word on a request shown after the one the person read', () => {
    const words = counting();
    const first = words.add('c', pending('a'));
    words.read('c', 'let me look'); // the person has seen request a
    expect(words.remove('a')).toBe(first); // it times out while they type…
    words.add('c', pending('b')); // …and another is shown
    expect(words.read('c', 'allow')).toMatchObject({ kind: 'which' });
    // Now they have written since b was shown: a bare word may answer it.
    expect(words.read('c', 'allow')).toMatchObject({ kind: 'answer', approvalId: 'b' });
    expect(words.read('c', `deny ${first}`)).toEqual({ kind: 'too_late', code: first });
  });

  it('lets a bare word answer the next request after one the same chat decided', () => {
    const words = counting();
    words.add('c', pending('a'));
    expect(words.read('c', 'allow')).toMatchObject({ kind: 'answer', approvalId: 'a' });
    words.remove('a'); // decided by that word
    words.add('c', pending('b'));
    expect(words.read('c', 'allow')).toMatchObject({ kind: 'answer', approvalId: 'b' });
  });

  it('asks which when two wait, lists them shortened, and takes a named one', () => {
    const words = counting();
    const a = words.add('c', pending('a', `echo ${'x'.repeat(200)}\nsecond line`));
    const b = words.add('c', pending('b'));
    const reading = words.read('c', 'deny');
    expect(reading.kind).toBe('which');
    if (reading.kind !== 'which') return;
    expect(reading.waiting.map((w) => w.code)).toEqual([a, b]);
    expect(reading.waiting[0]?.summary.length).toBeLessThanOrEqual(80);
    expect(reading.waiting[0]?.summary).not.toContain('second line');
    expect(words.read('c', `deny #${b}`)).toMatchObject({ kind: 'answer', approvalId: 'b' });
    expect(words.read('c', 'allow 777')).toMatchObject({ kind: 'which', named: '777' });
  });

  it('gives distinct numbers within a chat', () => {
    const words = createWordApprovals();
    const codes = new Set(Array.from({ length: 300 }, (_, i) => words.add('c', pending(`p${i}`))));
    expect(codes.size).toBe(300);
  });
});
