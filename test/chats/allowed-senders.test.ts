import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_KINDS } from '../../src/channels/channel-kinds.js';
import { createAllowedSenders } from '../../src/chats/allowed-senders.js';
import { createSenderStore } from '../../src/chats/sender-store.js';
import { type Config, ConfigSchema } from '../../src/config/schema.js';

describe('allowed senders (one check for chats and notify targets)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-allowed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('allows config ids of that channel and paired senders, read live', () => {
    let config: Config = ConfigSchema.parse({
      channels: { telegram: { token: 't', allowed_ids: [42] }, lark: { allowed_ids: ['ou_a'] } },
    });
    const senders = createSenderStore(join(dir, 'senders.json'));
    const allowed = createAllowedSenders({ config: () => config, env: {}, senders, channels: CHANNEL_KINDS });
    expect(allowed.isAllowed('telegram', '42')).toBe(true);
    expect(allowed.isAllowed('telegram', '43')).toBe(false);
    // Lark has no credentials here: its ids allow nobody; another channel's id never counts.
    expect(allowed.isAllowed('lark', 'ou_a')).toBe(false);
    expect(allowed.isAllowed('dingtalk', '42')).toBe(false);
    expect(allowed.isAllowed('fax', '42')).toBe(false);
    expect(senders.redeem('telegram', '43', senders.newCode(60_000))).toBe(true);
    expect(allowed.isAllowed('telegram', '43')).toBe(true);
    expect(allowed.isAllowed('dingtalk', '43')).toBe(false);
    config = ConfigSchema.parse({ channels: { telegram: { token: 't', allowed_ids: [] } } });
    expect(allowed.isAllowed('telegram', '42')).toBe(false);
  });
});
