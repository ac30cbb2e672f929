/** The passive-reply ledger on a clock of its own: windows (direct 60 min, group 5 min), 5 replies per source, newest first. */
import { describe, expect, it } from 'vitest';
import { createReplyLedger, ReplyWindowClosed } from '../../../src/channels/qq/qq-replies.js';

describe('QQ reply ledger', () => {
  const setup = () => {
    let now = 1_000_000;
    const ledger = createReplyLedger(() => now);
    return { ledger, advance: (ms: number) => (now += ms) };
  };

  it('numbers the replies to one message 1, 2, 3 … and stops after the 5 the platform takes', () => {
    const { ledger } = setup();
    ledger.add('u1', { kind: 'msg_id', id: 'm1' }, true);
    const seqs = [];
    for (let i = 0; i < 5; i++) {
      const reply = ledger.next('u1');
      expect(reply.source).toEqual({ kind: 'msg_id', id: 'm1' });
      seqs.push(reply.seq);
      reply.taken();
    }
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect(() => ledger.next('u1')).toThrow(ReplyWindowClosed);
  });

  it('gives a failed reply’s msg_seq to nobody else, and does not count it', () => {
    const { ledger } = setup();
    ledger.add('u1', { kind: 'msg_id', id: 'm1' }, true);
    ledger.next('u1'); // the call failed: not taken
    for (let i = 0; i < 5; i++) ledger.next('u1').taken();
    expect(() => ledger.next('u1')).toThrow(ReplyWindowClosed);
  });

  it('closes a group message’s window before 5 minutes, a direct one’s before 60', () => {
    const { ledger, advance } = setup();
    ledger.add('g-1', { kind: 'msg_id', id: 'gm' }, false);
    ledger.add('u1', { kind: 'msg_id', id: 'dm' }, true);
    advance(4 * 60_000);
    expect(ledger.next('g-1').source.id).toBe('gm');
    advance(60_000);
    expect(() => ledger.next('g-1')).toThrow(ReplyWindowClosed);
    expect(ledger.next('u1').source.id).toBe('dm');
    advance(55 * 60_000);
    expect(() => ledger.next('u1')).toThrow(/reply window passed/);
  });

  it('answers with the newest source still usable, then an older one of the same chat', () => {
    const { ledger } = setup();
    ledger.add('u1', { kind: 'msg_id', id: 'old' }, true);
    ledger.add('u1', { kind: 'event_id', id: 'press' }, true);
    for (let i = 0; i < 5; i++) {
      const reply = ledger.next('u1');
      expect(reply.source).toEqual({ kind: 'event_id', id: 'press' });
      reply.taken();
    }
    expect(ledger.next('u1').source).toEqual({ kind: 'msg_id', id: 'old' });
    expect(() => ledger.next('u2')).toThrow(ReplyWindowClosed);
  });

  it('keeps the numbers of a message delivered again (a replay after resume)', () => {
    const { ledger } = setup();
    ledger.add('u1', { kind: 'msg_id', id: 'm1' }, true);
    ledger.next('u1').taken();
    ledger.add('u1', { kind: 'msg_id', id: 'm1' }, true);
    expect(ledger.next('u1').seq).toBe(2);
  });

  it('hands a stream only a user message younger than its window, and marks no chat held for it', () => {
    const { ledger, advance } = setup();
    ledger.add('u1', { kind: 'msg_id', id: 'old' }, true);
    advance(4 * 60_000);
    ledger.add('u1', { kind: 'event_id', id: 'press' }, true);
    // The newest source is a press: a stream answers the user's message instead.
    expect(ledger.next('u1', 5 * 60_000).source).toEqual({ kind: 'msg_id', id: 'old' });
    advance(60_000);
    expect(() => ledger.next('u1', 5 * 60_000)).toThrow(ReplyWindowClosed);
    expect(ledger.isHeld('u1')).toBe(false);
    // An ordinary reply still has both sources.
    expect(ledger.next('u1').source.id).toBe('press');
  });
});
