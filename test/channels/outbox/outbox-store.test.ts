import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createChatOutbox } from '../../../src/channels/outbox/chat-outbox.js';
import { createOutboxStore } from '../../../src/channels/outbox/outbox-store.js';
import { vendorRefused } from '../../../src/channels/outbox/send-failure.js';
import { type Logger, silentLogger } from '../../../src/log/logger.js';

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
