/** The webhook signature against the worked example in the platform's documentation (event-emit.md). */
import { describe, expect, it } from 'vitest';
import { webhookKeys } from '../../../src/channels/qq/qq-webhook-sign.js';

describe('QQ webhook signature', () => {
  const keys = webhookKeys('DG5g3B4j9X2KOErG');

  it('signs the address check as the documentation’s example says', () => {
    expect(keys.sign('1725442341', 'Arq0D5A61EgUu4OxUvOp')).toBe(
      '87befc99c42c651b3aac0278e71ada338433ae26fcb24307bdc5ad38c1adc2d01bcfcadc0842edac85e85205028a1132afe09280305f13aa6909ffc2d652c706',
    );
  });

  it('verifies a signed body and refuses a changed body, timestamp or malformed signature', () => {
    const body = Buffer.from('{"op":0,"d":{}}');
    const signature = keys.sign('1700000000', body);
    expect(keys.verify('1700000000', body, signature)).toBe(true);
    expect(keys.verify('1700000001', body, signature)).toBe(false);
    expect(keys.verify('1700000000', Buffer.from('{"op":0,"d":{"x":1}}'), signature)).toBe(false);
    expect(keys.verify('1700000000', body, 'zz')).toBe(false);
    expect(keys.verify('', body, signature)).toBe(false);
    expect(webhookKeys('another-secret').verify('1700000000', body, signature)).toBe(false);
  });
});
