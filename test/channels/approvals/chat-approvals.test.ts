/**
 * A chat's approvals on their own (src/channels/approvals/chat-approvals.ts), with the real
 * approval broker and a transport that keeps what it was asked to send: a request of a session
 * the chat was lent shows there, the chat's answer decides it and the message then shows the
 * decision; after the loan ends the chat decides nothing.
 */
import { describe, expect, it } from 'vitest';
import { createChatApprovals } from '../../../src/channels/approvals/chat-approvals.js';
import { channelMessages } from '../../../src/channels/messages.js';
import type { ActionButton, ChannelTransport, InboundAction } from '../../../src/channels/types.js';
import { defaultConfig } from '../../../src/config/schema.js';
import { silentLogger } from '../../../src/log/logger.js';
import { createApprovalBroker } from '../../../src/safety/approvals/approval-broker.js';
import type { ApprovalRequest } from '../../../src/safety/types.js';
import { counterIds } from '../../../src/util/ids.js';
import { until } from '../../helpers/until.js';

interface Sent {
  chatId: string;
  text: string;
  buttons?: ActionButton[];
}

/** Keeps every send; message ids are their index. `buttons: false`: a chat app without them. */
function keepingTransport(buttons: boolean, failEdits = false) {
  const sent: Sent[] = [];
  const edits: { messageId: string; text: string }[] = [];
  const transport: ChannelTransport = {
    name: 'telegram',
    maxMessageChars: 4000,
    start() {},
    async send(chatId, text) {
      sent.push({ chatId, text });
      return String(sent.length - 1);
    },
    ...(buttons
      ? {
          async sendWithButtons(chatId: string, text: string, offered: ActionButton[]) {
            sent.push({ chatId, text, buttons: offered });
            return String(sent.length - 1);
          },
        }
      : {}),
    async edit(_chatId, messageId, text) {
      if (failEdits) throw new Error('the chat app refused the edit');
      edits.push({ messageId, text });
    },
    async stop() {},
  };
  return { transport, sent, edits };
}

const request: ApprovalRequest = {
  sessionId: 'task-1',
  turnId: 'turn_1',
  callId: 'call_1',
  tool: 'run_command',
  command: 'rm -rf /srv/old',
  reason: 'deletes outside the workspace',
};

function setup(buttons: boolean, failEdits = false) {
  const config = defaultConfig();
  config.safety.approval_timeout_s = 60;
  const broker = createApprovalBroker({
    config: () => config,
    clock: { now: () => new Date('2026-12-01T10:00:00Z') },
    ids: counterIds(),
    persistRule: () => {},
    logger: silentLogger(),
  });
  const kept = keepingTransport(buttons, failEdits);
  const told: string[] = [];
  const approvals = createChatApprovals({
    transport: kept.transport,
    approvals: broker,
    logger: silentLogger(),
    langOf: () => 'en',
    sessionIdFor: (chatId) => `telegram-${chatId}`,
    post: async (_chatId, text) => void told.push(text),
  });
  return { broker, approvals, told, ...kept };
}

const press = (data: string) => {
  const acknowledged: string[] = [];
  const action: InboundAction = {
    eventId: 'e1',
    chatId: '42',
    senderId: '42',
    data,
    acknowledge: async (text) => void acknowledged.push(text),
  };
  return { action, acknowledged };
};

describe('approvals in a chat', () => {
  it('shows a lent session’s request with buttons; a press decides it and the message shows the decision', async () => {
    const { broker, approvals, sent, edits } = setup(true);
    const giveBack = approvals.askIn('42', 'task-1', 'Task #1 asks:');
    const outcome = broker.ask(request, new AbortController().signal);
    await until(() => sent.length === 1, 'the request in the chat');
    expect(sent[0]?.text).toMatch(/^Task #1 asks:\n/);
    const allow = sent[0]?.buttons?.find((b) => b.data.startsWith('ap:allow:'));
    const { action, acknowledged } = press(allow?.data ?? '');
    await approvals.answerButton(action);
    await expect(outcome).resolves.toMatchObject({ approved: true, by: 'telegram:42' });
    await until(() => edits.length === 1, 'the decision on its message');
    expect(edits[0]?.messageId).toBe('0');
    expect(acknowledged).toHaveLength(1);
    giveBack();
  });

  it('posts the decision through the outbox when its message cannot be changed', async () => {
    const { broker, approvals, sent, edits, told } = setup(true, true);
    const giveBack = approvals.askIn('42', 'task-1');
    const outcome = broker.ask(request, new AbortController().signal);
    await until(() => sent.length === 1, 'the request in the chat');
    const deny = sent[0]?.buttons?.find((b) => b.data.startsWith('ap:deny:'));
    await approvals.answerButton(press(deny?.data ?? '').action);
    await expect(outcome).resolves.toMatchObject({ approved: false });
    await until(() => told.length === 1, 'the decision posted');
    expect(edits).toEqual([]);
    expect(told[0]).toMatch(/denied/i);
    giveBack();
  });

  it('without buttons asks for a word that answers it; after the loan the chat decides nothing', async () => {
    const { broker, approvals, sent } = setup(false);
    const giveBack = approvals.askIn('42', 'task-1');
    const outcome = broker.ask(request, new AbortController().signal);
    await until(() => sent.length === 1, 'the request in the chat');
    const word = approvals.read('42', 'deny');
    expect(word.kind).toBe('answer');
    const message = { eventId: 'e2', chatId: '42', senderId: '42', text: 'deny', files: [] };
    await approvals.answerWord(message, word, channelMessages('en'));
    await expect(outcome).resolves.toMatchObject({ approved: false });
    giveBack();

    // Someone else (the page) still watches the session; the chat no longer does.
    const page = broker.attach('task-1', () => {});
    const stop = new AbortController();
    const later = broker.ask({ ...request, callId: 'call_2' }, stop.signal);
    await until(() => broker.pending('task-1').length === 1, 'the second request');
    const waiting = broker.pending('task-1')[0]?.approvalId ?? '';
    const { action, acknowledged } = press(`ap:allow:${waiting}`);
    await approvals.answerButton(action);
    expect(acknowledged).toEqual([channelMessages('en').approvalUnknown]);
    expect(broker.pending('task-1').map((p) => p.approvalId)).toEqual([waiting]);
    stop.abort();
    await expect(later).resolves.toMatchObject({ how: 'aborted' });
    page();
  });

  it('shows a form without buttons; a numbered reply fills it in, one that does not fit is told why', async () => {
    const { broker, approvals, sent, edits, told } = setup(true);
    const giveBack = approvals.askIn('42', 'task-1');
    const form = {
      server: 'crm',
      message: 'New contact',
      fields: [
        {
          name: 'name',
          title: 'Name',
          description: '',
          required: true,
          type: 'string' as const,
          maxLength: 40,
        },
        {
          name: 'age',
          title: 'Age',
          description: 'in years',
          required: false,
          type: 'integer' as const,
          maximum: 150,
        },
        {
          name: 'vip',
          title: 'vip',
          description: '',
          required: false,
          type: 'boolean' as const,
          default: false,
        },
      ],
    };
    const outcome = broker.ask({ ...request, tool: 'crm__elicitation', form }, new AbortController().signal);
    await until(() => sent.length === 1, 'the form in the chat');
    const shown = sent[0];
    expect(shown?.buttons).toBeUndefined();
    expect(shown?.text).toContain('The MCP server "crm" asks you to fill in:');
    expect(shown?.text).toContain('1. Name (text, up to 40 characters, required)');
    expect(shown?.text).toContain('2. Age (whole number, ≤ 150, optional)');
    const code = /Form (\d{3})\./.exec(shown?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{3}$/);
    const t = channelMessages('en');
    const reply = (text: string) =>
      approvals.answerFormReply({ eventId: 'e', chatId: '42', senderId: '42', text, files: [] }, t);

    // Not a reply to the form: left to the chat.
    expect(await reply('hello')).toBe(false);
    expect(await reply('999\nname: x')).toBe(false);
    // Wrong values, an unknown field: told why, nothing decided.
    expect(await reply(`${code}\nage: 200\ncolour: red\nnonsense`)).toBe(true);
    expect(told.at(-1)).toContain('age: too large');
    expect(told.at(-1)).toContain('colour: the form has no such field');
    expect(told.at(-1)).toContain('nonsense: the form has no such field');
    expect(await reply(`${code}\n2: 30`)).toBe(true);
    expect(told.at(-1)).toContain('name: required');
    expect(broker.pending('task-1')).toHaveLength(1);

    expect(await reply(`${code}\n1： Ada Lovelace\nvip = yes`)).toBe(true);
    await expect(outcome).resolves.toMatchObject({
      approved: true,
      by: 'telegram:42',
      form: { action: 'accept', content: { name: 'Ada Lovelace', vip: true } },
    });
    await until(() => edits.length === 1, 'the outcome on its message');
    expect(edits[0]?.text).toContain('✅ sent (telegram:42)');
    // "deny 482" declines a form like a request.
    const second = broker.ask({ ...request, callId: 'call_3', form }, new AbortController().signal);
    await until(() => sent.length === 2, 'the second form');
    const code2 = /Form (\d{3})\./.exec(sent[1]?.text ?? '')?.[1] ?? '';
    const word = approvals.read('42', `deny ${code2}`);
    await approvals.answerWord({ eventId: 'e3', chatId: '42', senderId: '42', text: '', files: [] }, word, t);
    await expect(second).resolves.toMatchObject({ approved: false, form: { action: 'decline' } });
    // "cancel 482" dismisses one: the MCP cancel action, shown on its message.
    const third = broker.ask({ ...request, callId: 'call_4', form }, new AbortController().signal);
    await until(() => sent.length === 3, 'the third form');
    const code3 = /Form (\d{3})\./.exec(sent[2]?.text ?? '')?.[1] ?? '';
    expect(await reply('cancel 999')).toBe(false);
    expect(await reply(`取消 #${code3}`)).toBe(true);
    await expect(third).resolves.toMatchObject({ approved: false, form: { action: 'cancel' } });
    await until(() => edits.length === 3, 'the cancelled form on its message');
    expect(edits[2]?.text).toContain('cancel');
    giveBack();
  });
});
