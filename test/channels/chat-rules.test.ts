/**
 * The channel core's rules, without a vendor: who is allowed, what a one-word reply answers,
 * what strangers may cost, and what the outbox keeps.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRateLimit } from '../../src/channels/access/rate-limit.js';
import { createStrangerGate } from '../../src/channels/access/stranger-gate.js';
import { createWordApprovals } from '../../src/channels/approvals/word-approvals.js';
import { CHANNEL_KINDS } from '../../src/channels/channel-kinds.js';
import { createChatOutbox } from '../../src/channels/outbox/chat-outbox.js';
import { createOutboxStore } from '../../src/channels/outbox/outbox-store.js';
import { vendorRefused } from '../../src/channels/outbox/send-failure.js';
import { createAllowedSenders } from '../../src/chats/allowed-senders.js';
import { createSenderStore } from '../../src/chats/sender-store.js';
import { type Config, ConfigSchema } from '../../src/config/schema.js';
import { type Logger, silentLogger } from '../../src/log/logger.js';
import type { PendingApproval } from '../../src/safety/approvals/approval-broker.js';

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

describe('stranger limits', () => {
  it('limits each key and everybody, refills with time, and forgets the oldest key', () => {
    let now = 0;
    const limit = createRateLimit({
      perKey: { burst: 2, perMinute: 0 },
      overall: { burst: 3, perMinute: 60 },
      maxKeys: 3,
      now: () => now,
    });
    expect([limit.take('a'), limit.take('a'), limit.take('a')]).toEqual([true, true, false]);
    expect([limit.take('b'), limit.take('c')]).toEqual([true, false]); // everybody's tokens are spent
    now += 1000; // one token back for everybody, none for a
    expect([limit.take('a'), limit.take('c')]).toEqual([false, true]);
    now += 60_000;
    // A fourth key forgets the least recently seen (b): b starts over with a full bucket.
    expect(limit.take('d')).toBe(true);
    expect([limit.take('b'), limit.take('b'), limit.take('b')]).toEqual([true, true, false]);
  });

  it('counts the lines it leaves out and says so on the next one', () => {
    let now = 0;
    const gate = createStrangerGate({ logPerMinute: 2, refusalsPerMinute: 1 }, () => now);
    expect(gate.log('x')).toEqual({ write: true, unlogged: 0 });
    expect(gate.log('y')).toEqual({ write: true, unlogged: 0 });
    expect(gate.log('z').write).toBe(false);
    expect(gate.log('z').write).toBe(false);
    now += 30_000;
    expect(gate.log('z')).toEqual({ write: true, unlogged: 2 });
    expect([gate.mayRefuse('x'), gate.mayRefuse('y')]).toEqual([true, false]);
    now += 60_000;
    expect([gate.mayRefuse('x'), gate.mayRefuse('y')]).toEqual([false, true]);
  });
});

describe('outbox store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const limits = { maxMessages: 3, maxBytes: 100, maxAgeMs: 60_000 };

  it('keeps messages in order across a restart, per channel, in a private file', () => {
    const path = join(dir, 'order.json');
    const store = createOutboxStore(path, limits);
    store.add('telegram', '1', 'one');
    store.add('lark', 'oc_1', 'other channel');
    store.add('telegram', '2', 'two');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const reopened = createOutboxStore(path, limits);
    const first = reopened.next('telegram').entry;
    expect(first?.text).toBe('one');
    reopened.remove(first?.id as string);
    expect(reopened.next('telegram').entry?.text).toBe('two');
    expect(createOutboxStore(path, limits).next('lark').entry?.text).toBe('other channel');
  });

  it('drops the oldest past the count and size limits, a too-large one itself, and old ones by age', () => {
    let now = 0;
    const store = createOutboxStore(join(dir, 'limits.json'), limits, () => now);
    for (const text of ['a', 'b', 'c']) store.add('telegram', '1', text);
    expect(store.add('telegram', '2', 'd').map((d) => [d.entry.text, d.why])).toEqual([['a', 'count']]);
    expect(store.add('telegram', '2', 'x'.repeat(101)).map((d) => d.why)).toEqual(['size']);
    expect(store.add('telegram', '2', 'y'.repeat(99)).map((d) => d.entry.text)).toEqual(['b', 'c']);
    expect(store.dropped('telegram', '1')).toBe(3);
    store.clearDropped('telegram', '1');
    expect(store.dropped('telegram', '1')).toBe(0);
    now += 60_001;
    const { entry, expired } = store.next('telegram');
    expect(entry).toBeUndefined();
    expect(expired.map((d) => d.why)).toEqual(['age', 'age']);
    expect(store.has('telegram')).toBe(false);
    expect(store.dropped('telegram', '2')).toBe(3);
  });

  it('moves a file that is not an outbox aside instead of losing it', () => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{ not json');
    expect(() => createOutboxStore(path, limits)).toThrow(/not a valid outbox.*moved to/);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).some((name) => name.startsWith('bad.json.bad-'))).toBe(true);
    expect(createOutboxStore(path, limits).has('telegram')).toBe(false);
  });

  it('keeps order per chat: a chat that cannot be reached does not hold up the others', async () => {
    const store = createOutboxStore(join(dir, 'per-chat.json'), limits);
    const sent: string[] = [];
    let gone = true;
    // Stands in for a vendor that can reach every chat but one (DingTalk: its reply webhook expired).
    const transport = {
      name: 'dingtalk',
      maxMessageChars: 100,
      async send(chatId: string, text: string) {
        if (chatId === 'gone' && gone) throw new Error('no reply webhook for this chat');
        sent.push(`${chatId}:${text}`);
        return String(sent.length);
      },
    };
    const outbox = createChatOutbox({ transport, store, logger: silentLogger(), droppedNote: () => '' });
    await outbox.post('gone', 'first');
    await outbox.post('gone', 'second'); // queued behind first, though nothing was tried
    await outbox.post('here', 'live');
    expect(sent).toEqual(['here:live']);
    gone = false;
    outbox.flush();
    await expect.poll(() => sent).toEqual(['here:live', 'gone:first', 'gone:second']);
    await expect.poll(() => store.has('dingtalk')).toBe(false);
    outbox.close();
  });

  it('logs a re-post round that fails on the store instead of crashing the process', async () => {
    const path = join(dir, 'broken.json');
    const store = createOutboxStore(path, limits);
    let reachable = false;
    const transport = {
      name: 'telegram',
      maxMessageChars: 100,
      async send() {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return '1';
      },
    };
    const errors: string[] = [];
    const logger = recordingLogger((level, msg) => {
      if (level === 'error') errors.push(msg);
    });
    const outbox = createChatOutbox({ transport, store, logger, droppedNote: () => '' });
    await outbox.post('1', 'kept');
    // The store can no longer save (its file became a directory): removing the sent entry throws.
    rmSync(path);
    mkdirSync(join(path, 'in-the-way'), { recursive: true });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      reachable = true;
      outbox.flush();
      await expect.poll(() => errors).toEqual(['re-posting the outbox failed; it waits for the next try']);
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      outbox.close();
    }
  });

  it('keeps a message in memory when the store cannot save, logged, instead of throwing at the sender', async () => {
    const path = join(dir, 'unsaveable.json');
    const store = createOutboxStore(path, limits);
    mkdirSync(join(path, 'in-the-way'), { recursive: true });
    const transport = {
      name: 'telegram',
      maxMessageChars: 100,
      send: async (): Promise<string> => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const errors: string[] = [];
    const logger = recordingLogger((level, msg) => {
      if (level === 'error') errors.push(msg);
    });
    const outbox = createChatOutbox({ transport, store, logger, droppedNote: () => '' });
    // An answer's rest (kept from a streaming reply's finish, which nobody awaits) and a post.
    outbox.keep('1', ['rest of an answer'], new Error('connect ECONNREFUSED'));
    await outbox.post('1', 'a result');
    const unsaved =
      'the outbox file could not be written; the message waits in memory only (lost on a restart)';
    expect(errors).toEqual([unsaved, unsaved]);
    // Both still wait, in order, and go out when the vendor is back.
    expect(store.next('telegram').entry?.text).toBe('rest of an answer');
    outbox.close();
  });

  it('still re-posts a message when the vendor refuses the note of dropped ones before it', async () => {
    const store = createOutboxStore(join(dir, 'refused-note.json'), limits);
    const sent: string[] = [];
    let reachable = false;
    const transport = {
      name: 'telegram',
      maxMessageChars: 100,
      async send(_chatId: string, text: string) {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        if (text.startsWith('dropped')) throw Object.assign(new Error('Bad Request'), { error_code: 400 });
        sent.push(text);
        return String(sent.length);
      },
    };
    const droppedNote = (_chatId: string, count: number) => `dropped ${count}`;
    const outbox = createChatOutbox({ transport, store, logger: silentLogger(), droppedNote });
    for (const text of ['a', 'b', 'c', 'd']) await outbox.post('1', text); // 'a' is dropped (count)
    reachable = true;
    outbox.flush();
    await expect.poll(() => sent).toEqual(['b', 'c', 'd']);
    expect(store.dropped('telegram', '1')).toBe(0);
    outbox.close();
  });

  it('keeps what failed for want of the vendor, not what the vendor refused', () => {
    expect(vendorRefused(Object.assign(new Error('x'), { error_code: 400 }))).toBe(true); // Telegram
    expect(vendorRefused(Object.assign(new Error('x'), { error_code: 502 }))).toBe(false);
    expect(vendorRefused(Object.assign(new Error('x'), { error_code: 429 }))).toBe(false);
    expect(vendorRefused(Object.assign(new Error('x'), { status: 403 }))).toBe(true); // DingTalk, Lark
    expect(vendorRefused(Object.assign(new Error('x'), { status: 200, code: 310000 }))).toBe(true);
    expect(vendorRefused(Object.assign(new Error('x'), { code: 230002 }))).toBe(true); // Lark, 200 body
    expect(vendorRefused(Object.assign(new Error('x'), { code: 99991400 }))).toBe(false);
    expect(vendorRefused(Object.assign(new Error('fetch failed'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(vendorRefused(new DOMException('timed out', 'TimeoutError'))).toBe(false);
  });
});

/** A logger that hands each line's level and message to `record`. */
function recordingLogger(record: (level: string, msg: string) => void): Logger {
  const at =
    (level: string) =>
    (fields: object | string, msg?: string): void =>
      record(level, typeof fields === 'string' ? fields : (msg ?? ''));
  const logger: Logger = {
    level: 'debug',
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => logger,
  };
  return logger;
}
