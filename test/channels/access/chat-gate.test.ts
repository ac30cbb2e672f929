/**
 * The door of a chat bridge on its own (src/channels/access/chat-gate.ts), with the real sender
 * store and allowed-sender check: redeliveries are dropped, a stranger is refused once per chat,
 * a pairing code lets them in.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChatGate } from '../../../src/channels/access/chat-gate.js';
import { CHANNEL_KINDS } from '../../../src/channels/channel-kinds.js';
import { channelMessages } from '../../../src/channels/messages.js';
import type { InboundAction, InboundMessage } from '../../../src/channels/types.js';
import { createAllowedSenders } from '../../../src/chats/allowed-senders.js';
import { createSenderStore } from '../../../src/chats/sender-store.js';
import { ConfigSchema } from '../../../src/config/schema.js';
import { silentLogger } from '../../../src/log/logger.js';
import { tempDir } from '../../helpers/tool-context.js';

const t = channelMessages('en');

function setup() {
  const config = ConfigSchema.parse({ channels: { telegram: { token: 't', allowed_ids: [42] } } });
  const senders = createSenderStore(join(tempDir('aibox-gate-'), 'senders.json'));
  const said: string[] = [];
  const posted: string[] = [];
  const gate = createChatGate({
    channel: 'telegram',
    allowed: createAllowedSenders({ config: () => config, env: {}, senders, channels: CHANNEL_KINDS }),
    senders,
    strangers: config.channels.strangers,
    logger: silentLogger(),
    say: async (chatId, text) => void said.push(`${chatId}: ${text}`),
    post: async (chatId, text) => void posted.push(`${chatId}: ${text}`),
  });
  return { gate, senders, said, posted };
}

let events = 0;
const message = (senderId: string, chatId: string, text: string): InboundMessage => ({
  eventId: `e${++events}`,
  chatId,
  senderId,
  text,
  files: [],
});

describe('the chat gate', () => {
  it('drops a redelivered event', () => {
    const { gate } = setup();
    expect(gate.firstSeen('e-1')).toBe(true);
    expect(gate.firstSeen('e-1')).toBe(false);
  });

  it('lets allowed senders in and refuses a stranger once per chat', async () => {
    const { gate, said } = setup();
    expect(gate.isAllowed('42')).toBe(true);
    expect(gate.isAllowed('7')).toBe(false);
    await gate.refuseOrPair(message('7', '700', 'hello'), t);
    await gate.refuseOrPair(message('7', '700', 'hello again'), t);
    expect(said).toEqual([`700: ${t.refusal('7')}`]);
  });

  it('pairs a stranger who sends a valid code', async () => {
    const { gate, senders, said, posted } = setup();
    const code = senders.newCode(60_000);
    await gate.refuseOrPair(message('8', '800', code), t);
    expect(posted).toEqual([`800: ${t.paired}`]);
    expect(said).toEqual([]);
    expect(gate.isAllowed('8')).toBe(true);
  });

  it("refuses a stranger's button press", async () => {
    const { gate } = setup();
    const acknowledged: string[] = [];
    const action: InboundAction = {
      eventId: 'e-a',
      chatId: '900',
      senderId: '9',
      data: 'ap:allow:x',
      acknowledge: async (text) => void acknowledged.push(text),
    };
    await gate.refuseAction(action, t);
    expect(acknowledged).toEqual([t.refusal('9')]);
  });
});
