/**
 * Who may talk to the box through a channel, besides the ids in config: senders paired
 * with a code from `aibox channels pair`. Codes are random, short-lived, single-use and
 * stored only as SHA-256 hashes, compared in constant time. One small JSON file (0600,
 * written atomically), shared by the CLI that makes codes and the server that takes them.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { PRIVATE_FILE_MODE } from '../util/private-files.js';
import { readTextIfExistsSync } from '../util/read-if-exists.js';
import { parseSenderFile, type SenderFile } from './sender-file.js';

/** The paired senders and live pairing codes (0600). */
export function senderStorePath(paths: DataPaths): string {
  return join(paths.home, 'channel-senders.json');
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A chat from the record of chats an allowed sender used. */
export interface KnownChat {
  /** The allowed sender last seen there. */
  opener: string;
  /** Whether it is a one-to-one chat with the opener (as the vendor said when they wrote). */
  direct: boolean;
}

export interface SenderStore {
  isPaired(channel: string, senderId: string): boolean;
  /** A new code valid for `ttlMs`; shown once, only its hash is kept. */
  newCode(ttlMs: number): string;
  /** When `text` is a valid code: uses it up, pairs the sender and returns true. */
  redeem(channel: string, senderId: string, text: string): boolean;
  /** Paired senders by channel (config ids are not listed: they live in config). */
  paired(): Record<string, string[]>;
  /** Forgets a paired sender, and the chats only they opened; false when not paired. */
  unpair(channel: string, senderId: string): boolean;
  /** Records that an allowed sender spoke in a chat, one-to-one or not (written only when it is news). */
  rememberChat(channel: string, chatId: string, senderId: string, direct?: boolean): void;
  /** The allowed sender last seen in a chat, if any. */
  chatOpener(channel: string, chatId: string): string | undefined;
  /** The recorded chat: its opener and whether it is one-to-one with them. */
  knownChat(channel: string, chatId: string): KnownChat | undefined;
}

/** `ABCD-2345`, `abcd 2345` and `ABCD2345` are the same code. */
function normaliseCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

const hashCode = (code: string) => createHash('sha256').update(code).digest();

export function createSenderStore(path: string, now: () => number = Date.now): SenderStore {
  const read = (): SenderFile => {
    const text = readTextIfExistsSync(path);
    return parseSenderFile(text === undefined ? {} : JSON.parse(text), path);
  };
  const write = (data: SenderFile) =>
    writeFileAtomicSync(path, `${JSON.stringify(data, null, 2)}\n`, PRIVATE_FILE_MODE);
  const live = (data: SenderFile) => data.codes.filter((code) => code.expires > now());

  return {
    isPaired: (channel, senderId) => read().paired[channel]?.includes(senderId) ?? false,
    newCode(ttlMs) {
      let code = '';
      for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      const data = read();
      data.codes = [...live(data), { hash: hashCode(code).toString('hex'), expires: now() + ttlMs }];
      write(data);
      return `${code.slice(0, 4)}-${code.slice(4)}`;
    },
    redeem(channel, senderId, text) {
      const candidate = normaliseCode(text);
      if (candidate.length !== CODE_LENGTH) return false;
      const data = read();
      const given = hashCode(candidate);
      const codes = live(data);
      // Every live code is compared (no early exit), each in constant time.
      let match = -1;
      codes.forEach((code, index) => {
        if (timingSafeEqual(Buffer.from(code.hash, 'hex'), given)) match = index;
      });
      if (match === -1) return false;
      codes.splice(match, 1);
      const ids = data.paired[channel] ?? [];
      if (!ids.includes(senderId)) ids.push(senderId);
      write({ ...data, codes, paired: { ...data.paired, [channel]: ids } });
      return true;
    },
    paired: () => read().paired,
    unpair(channel, senderId) {
      const data = read();
      const ids = data.paired[channel] ?? [];
      if (!ids.includes(senderId)) return false;
      const chats = Object.entries(data.chats[channel] ?? {}).filter(([, opener]) => opener !== senderId);
      const kept = new Set(chats.map(([chatId]) => chatId));
      write({
        ...data,
        paired: { ...data.paired, [channel]: ids.filter((id) => id !== senderId) },
        chats: { ...data.chats, [channel]: Object.fromEntries(chats) },
        direct: { ...data.direct, [channel]: (data.direct[channel] ?? []).filter((id) => kept.has(id)) },
      });
      return true;
    },
    rememberChat(channel, chatId, senderId, direct = false) {
      const data = read();
      const directIds = data.direct[channel] ?? [];
      if (data.chats[channel]?.[chatId] === senderId && directIds.includes(chatId) === direct) return;
      const others = directIds.filter((id) => id !== chatId);
      write({
        ...data,
        chats: { ...data.chats, [channel]: { ...data.chats[channel], [chatId]: senderId } },
        direct: { ...data.direct, [channel]: direct ? [...others, chatId] : others },
      });
    },
    chatOpener: (channel, chatId) => read().chats[channel]?.[chatId],
    knownChat(channel, chatId) {
      const data = read();
      const opener = data.chats[channel]?.[chatId];
      if (opener === undefined) return undefined;
      return { opener, direct: data.direct[channel]?.includes(chatId) ?? false };
    },
  };
}
