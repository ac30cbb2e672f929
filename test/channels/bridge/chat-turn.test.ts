/**
 * One chat turn on its own (src/channels/bridge/chat-turn.ts): a real session and scripted model,
 * a transport that keeps what it was asked to send and edit. The answer streams into one message,
 * a tool call starts a new paragraph, a failure says why, a queued turn says its place, and the
 * chat may answer only its own turn's approvals.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatTurnDeps, streamChatTurn } from '../../../src/channels/bridge/chat-turn.js';
import { channelMessages } from '../../../src/channels/messages.js';
import type { ChannelTransport } from '../../../src/channels/types.js';
import { silentLogger } from '../../../src/log/logger.js';
import type { ApprovalRequest } from '../../../src/safety/types.js';
import { createFixture, type Fixture, gate } from '../../session/fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** Keeps every message as the chat would show it now (edits applied), and the ask-ins. */
function chat(options: { edit?: boolean; typing?: boolean } = {}) {
  const shown: string[] = [];
  const posted: string[] = [];
  const asked: { sessionId: string; accepts?: (request: ApprovalRequest) => boolean; ended: boolean }[] = [];
  let typing = 0;
  const transport: ChannelTransport = {
    name: 'telegram',
    maxMessageChars: 4000,
    start() {},
    async send(_chatId, text) {
      shown.push(text);
      return String(shown.length - 1);
    },
    ...(options.edit === false
      ? {}
      : {
          async edit(_chatId: string, messageId: string, text: string) {
            shown[Number(messageId)] = text;
          },
        }),
    ...(options.typing
      ? {
          typing() {
            typing += 1;
            return () => {
              typing -= 1;
            };
          },
        }
      : {}),
    async stop() {},
  };
  const deps: ChatTurnDeps = {
    transport,
    logger: silentLogger(),
    timing: () => ({ streamIntervalMs: 0, thinkingNoticeMs: 60_000 }),
    post: async (_chatId, text) => void posted.push(text),
    keep: () => {},
    askIn: (_chatId, sessionId, _heading, accepts) => {
      const loan = { sessionId, ...(accepts ? { accepts } : {}), ended: false };
      asked.push(loan);
      return () => {
        loan.ended = true;
      };
    },
  };
  return { deps, shown, posted, asked, typing: () => typing };
}

const t = channelMessages('en');
const turn = (
  session: Fixture['manager'] extends { get(id: string): infer S } ? S : never,
  content: string,
) => ({
  chatId: '42',
  session,
  content,
  attachments: [],
  t,
});

describe('a chat turn', () => {
  it('streams the answer into one message and resolves with it; a tool call starts a new paragraph', async () => {
    fx = await createFixture();
    fx.llm.script(
      { text: 'Let me check.', toolCalls: [{ name: 'echo', arguments: { text: 'x' } }] },
      { text: 'All done.' },
    );
    const c = chat({ typing: true });
    const answer = await streamChatTurn(c.deps, turn(fx.manager.get('telegram-42'), 'check it'));
    expect(answer).toBe('All done.');
    expect(c.shown).toEqual(['Let me check.\n\nAll done.']);
    expect(c.typing()).toBe(0);
    expect(c.asked).toHaveLength(1);
    expect(c.asked[0]).toMatchObject({ sessionId: 'telegram-42', ended: true });
  });

  it('a failed turn says why and resolves with no answer; afterAnswer still runs after the chat shows it', async () => {
    fx = await createFixture();
    fx.llm.script({ error: 'network', message: 'upstream broke' });
    const c = chat();
    const after: string[] = [];
    const answer = await streamChatTurn(c.deps, {
      ...turn(fx.manager.get('telegram-42'), 'hello'),
      afterAnswer: async (text) => void after.push(`${text}|${c.shown.length}`),
    });
    expect(answer).toBe('');
    expect(c.shown).toHaveLength(1);
    expect(c.shown[0]).toContain('upstream broke');
    expect(after).toEqual(['|1']);
  });

  it('a turn behind another says its place, and lends the chat only its own approvals', async () => {
    fx = await createFixture();
    const held = gate();
    fx.llm.script(
      async () => {
        await held.promise;
        return { text: 'first' };
      },
      { text: 'second' },
    );
    const session = fx.manager.get('telegram-42');
    const first = chat();
    const second = chat();
    const running = streamChatTurn(first.deps, turn(session, 'one'));
    const waiting = streamChatTurn(second.deps, turn(session, 'two'));
    await expect.poll(() => second.posted).toEqual([t.queued(1)]);
    const accepts = second.asked[0]?.accepts;
    const request = { sessionId: session.id, callId: 'c', tool: 'run_command', command: 'ls', reason: 'r' };
    expect(accepts?.({ ...request, turnId: 'someone-else' })).toBe(false);
    held.open();
    expect(await running).toBe('first');
    expect(await waiting).toBe('second');
    expect(second.shown).toEqual(['second']);
  });

  it('a transport that cannot edit gets the whole answer once, at the end', async () => {
    fx = await createFixture();
    fx.llm.script({ text: 'A fairly long answer in several chunks.', chunkChars: 5 });
    const c = chat({ edit: false });
    await streamChatTurn(c.deps, turn(fx.manager.get('telegram-42'), 'hi'));
    expect(c.shown).toEqual(['A fairly long answer in several chunks.']);
  });
});
