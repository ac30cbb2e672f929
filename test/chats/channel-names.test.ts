import { describe, expect, it } from 'vitest';
import { CHANNEL_KINDS } from '../../src/channels/channel-kinds.js';
import { CHANNEL_NAMES } from '../../src/chats/channel-names.js';

describe('channel names', () => {
  it('are the names of the channel kinds, in their order', () => {
    expect(CHANNEL_KINDS.map((kind) => kind.name)).toEqual([...CHANNEL_NAMES]);
  });
});
