/**
 * Messages a channel could not deliver because the vendor was unreachable, kept until the
 * channel is back: one small JSON file (`AIBOX_HOME/channel-outbox.json`, 0600, written
 * atomically at every change), oldest first. Bounded: at most `maxMessages` messages and
 * `maxBytes` bytes of text (the oldest are dropped to make room; a single message larger than
 * `maxBytes` is dropped itself), and a message older than `maxAgeMs` is dropped when next
 * looked at. Drops are returned so the caller can log them and tell the chat how many it lost.
 */
import { randomUUID } from 'node:crypto';
import { renameSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomicSync } from '../../util/atomic-write.js';
import { PRIVATE_FILE_MODE } from '../../util/private-files.js';
import { readTextIfExistsSync } from '../../util/read-if-exists.js';

const EntrySchema = z.object({
  id: z.string(),
  channel: z.string(),
  chatId: z.string(),
  text: z.string(),
  /** When it was kept, ms since the epoch. */
  at: z.number(),
});
export type OutboxEntry = z.infer<typeof EntrySchema>;

const FileSchema = z.object({
  messages: z.array(EntrySchema).default([]),
  /** `<channel>:<chat id>` → messages dropped (limits or age) that the chat has not been told about. */
  dropped: z.record(z.string(), z.number()).default({}),
});
type OutboxFile = z.infer<typeof FileSchema>;

/** Chats whose drop count is remembered (the oldest is forgotten first). */
const MAX_DROPPED_CHATS = 1000;

export interface OutboxLimits {
  maxMessages: number;
  maxBytes: number;
  maxAgeMs: number;
}

export interface OutboxDrop {
  entry: OutboxEntry;
  why: 'count' | 'size' | 'age';
}

/** Every change is made in memory first: when saving it throws, the change still holds until a restart. */
export interface OutboxStore {
  /** Keeps a message at the end; returns what was dropped to stay within the limits. */
  add(channel: string, chatId: string, text: string): OutboxDrop[];
  /**
   * The channel's oldest message, leaving out the chats in `skip` (after dropping expired
   * ones, returned in `expired`).
   */
  next(channel: string, skip?: ReadonlySet<string>): { entry?: OutboxEntry; expired: OutboxDrop[] };
  /** Whether the channel (or that chat of it) has messages waiting. */
  has(channel: string, chatId?: string): boolean;
  /** Delivered (or refused for good): removed. */
  remove(id: string): void;
  /** How many of the chat's messages were dropped since it was last told. */
  dropped(channel: string, chatId: string): number;
  /** The chat has been told. */
  clearDropped(channel: string, chatId: string): void;
}

const bytes = (text: string) => Buffer.byteLength(text);

export function createOutboxStore(
  path: string,
  limits: OutboxLimits,
  now: () => number = Date.now,
): OutboxStore {
  const data = load(path);
  const save = () => writeFileAtomicSync(path, `${JSON.stringify(data)}\n`, PRIVATE_FILE_MODE);

  const noteDropped = (drops: OutboxDrop[]) => {
    for (const { entry } of drops) {
      const key = `${entry.channel}:${entry.chatId}`;
      const count = (data.dropped[key] ?? 0) + 1;
      delete data.dropped[key]; // most recent last
      data.dropped[key] = count;
    }
    const keys = Object.keys(data.dropped);
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_DROPPED_CHATS))) delete data.dropped[key];
  };

  return {
    add(channel, chatId, text) {
      const entry: OutboxEntry = { id: randomUUID(), channel, chatId, text, at: now() };
      const drops: OutboxDrop[] = [];
      if (bytes(text) > limits.maxBytes) drops.push({ entry, why: 'size' });
      else {
        data.messages.push(entry);
        let total = data.messages.reduce((sum, m) => sum + bytes(m.text), 0);
        while (data.messages.length > limits.maxMessages || total > limits.maxBytes) {
          const oldest = data.messages.shift() as OutboxEntry;
          total -= bytes(oldest.text);
          drops.push({ entry: oldest, why: data.messages.length >= limits.maxMessages ? 'count' : 'size' });
        }
      }
      noteDropped(drops);
      save();
      return drops;
    },
    next(channel, skip = new Set()) {
      const cutoff = now() - limits.maxAgeMs;
      const expired = data.messages
        .filter((m) => m.channel === channel && m.at < cutoff)
        .map((entry) => ({ entry, why: 'age' as const }));
      if (expired.length > 0) {
        data.messages = data.messages.filter((m) => !(m.channel === channel && m.at < cutoff));
        noteDropped(expired);
        save();
      }
      const entry = data.messages.find((m) => m.channel === channel && !skip.has(m.chatId));
      return { ...(entry ? { entry } : {}), expired };
    },
    has: (channel, chatId) =>
      data.messages.some((m) => m.channel === channel && (chatId === undefined || m.chatId === chatId)),
    remove(id) {
      const before = data.messages.length;
      data.messages = data.messages.filter((m) => m.id !== id);
      if (data.messages.length !== before) save();
    },
    dropped: (channel, chatId) => data.dropped[`${channel}:${chatId}`] ?? 0,
    clearDropped(channel, chatId) {
      const key = `${channel}:${chatId}`;
      if (data.dropped[key] === undefined) return;
      delete data.dropped[key];
      save();
    },
  };
}

/** The file's content; a file that cannot be read as an outbox is moved aside (`.bad-<time>`), not lost. */
function load(path: string): OutboxFile {
  const text = readTextIfExistsSync(path);
  if (text === undefined) return FileSchema.parse({});
  try {
    return FileSchema.parse(JSON.parse(text));
  } catch (error) {
    const aside = `${path}.bad-${Date.now()}`;
    renameSync(path, aside);
    throw new Error(
      `${path} is not a valid outbox (${(error as Error).message.slice(0, 200)}); moved to ${aside}`,
    );
  }
}
