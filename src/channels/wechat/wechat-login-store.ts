/**
 * The WeChat login, kept across restarts in `AIBOX_HOME/wechat-login.json` (0600, rewritten
 * atomically): the bot token iLink gave when the QR code was confirmed, the bot's id, the API
 * host the login names, who scanned it, when, whether iLink has since said the session
 * expired, the long-poll cursor (`get_updates_buf`) and the last context token of each recent
 * chat (replies carry it, so a task's result after a restart still can). Checked by hand (the server's
 * `/healthz` reads it; zod stays unloaded). The token is never logged or shown.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../util/atomic-write.js';
import { PRIVATE_FILE_MODE } from '../../util/private-files.js';
import { readRegularFileSync } from '../../util/read-regular-file.js';

export interface WeChatLogin {
  botToken: string;
  botId: string;
  /** The API host the login named (`baseurl`), '' when it named none. */
  baseUrl: string;
  /** The WeChat user who scanned the code. */
  userId: string;
  loggedInAt: string;
  /** When iLink said the session expired (errcode -14); a new QR login replaces the file. */
  expiredAt?: string;
  /** The long-poll cursor; '' before the first poll. */
  cursor: string;
  /** User id → the `context_token` of their last message (at most `MAX_CONTEXTS`, newest last). */
  contexts?: Record<string, string>;
}

export const MAX_CONTEXTS = 200;
const MAX_CONTEXT_CHARS = 8192;

export type WeChatLoginState = 'none' | 'ok' | 'expired' | 'broken';

/** A cursor is opaque and a few KB; anything far larger is not ours. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_FIELD_CHARS = 4096;

export const wechatLoginPath = (home: string) => join(home, 'wechat-login.json');

function field(value: Record<string, unknown>, name: string, optional = false): string | undefined {
  const v = value[name];
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string' || (name !== 'cursor' && v.length > MAX_FIELD_CHARS))
    throw new Error(`${name} must be a string`);
  return v;
}

/** The file's login; undefined when there is none; throws naming what is wrong with a broken one. */
export function readWeChatLogin(home: string): WeChatLogin | undefined {
  const path = wechatLoginPath(home);
  const raw = readRegularFileSync(path, { maxBytes: MAX_FILE_BYTES, noFollow: true });
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new Error(`${path}: not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${path}: not an object`);
  const record = value as Record<string, unknown>;
  try {
    const login: WeChatLogin = {
      botToken: field(record, 'bot_token') as string,
      botId: field(record, 'bot_id') as string,
      baseUrl: field(record, 'base_url') as string,
      userId: field(record, 'user_id') as string,
      loggedInAt: field(record, 'logged_in_at') as string,
      cursor: field(record, 'cursor') as string,
    };
    const contexts = record.context_tokens;
    if (contexts !== undefined) {
      if (typeof contexts !== 'object' || contexts === null || Array.isArray(contexts))
        throw new Error('context_tokens must be an object');
      const kept = Object.entries(contexts).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && entry[1].length <= MAX_CONTEXT_CHARS && entry[0].length <= 256,
      );
      login.contexts = Object.fromEntries(kept.slice(-MAX_CONTEXTS));
    }
    const expiredAt = field(record, 'expired_at', true);
    if (expiredAt !== undefined) login.expiredAt = expiredAt;
    if (login.botToken === '') throw new Error('bot_token is empty');
    return login;
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

function fileText(login: WeChatLogin): string {
  const file = {
    bot_token: login.botToken,
    bot_id: login.botId,
    base_url: login.baseUrl,
    user_id: login.userId,
    logged_in_at: login.loggedInAt,
    ...(login.expiredAt ? { expired_at: login.expiredAt } : {}),
    cursor: login.cursor,
    ...(login.contexts ? { context_tokens: login.contexts } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function writeWeChatLogin(home: string, login: WeChatLogin): void {
  writeFileAtomicSync(wechatLoginPath(home), fileText(login), PRIVATE_FILE_MODE);
}

/**
 * Changes the stored login only while it is still the one with `botToken` (a new QR login
 * meanwhile wins); returns whether it did.
 */
export function updateWeChatLogin(
  home: string,
  botToken: string,
  change: (login: WeChatLogin) => WeChatLogin,
): boolean {
  const current = readWeChatLogin(home);
  if (current?.botToken !== botToken) return false;
  writeWeChatLogin(home, change(current));
  return true;
}

export function removeWeChatLogin(home: string): boolean {
  const path = wechatLoginPath(home);
  const had = readRegularFileSync(path, { maxBytes: MAX_FILE_BYTES, noFollow: true }) !== undefined;
  rmSync(path, { force: true });
  return had;
}

/** What the page, `/healthz` and `aibox channels check` say about the login. */
export function wechatLoginState(home: string): { state: WeChatLoginState; login?: WeChatLogin } {
  try {
    const login = readWeChatLogin(home);
    if (!login) return { state: 'none' };
    return { state: login.expiredAt ? 'expired' : 'ok', login };
  } catch {
    return { state: 'broken' };
  }
}
