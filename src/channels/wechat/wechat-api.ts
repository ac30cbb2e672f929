/**
 * iLink's bot API (the HTTP JSON protocol behind WeChat's official bot plugin), over the
 * channels' HTTP client. Every call is a POST of JSON to `<root>/ilink/bot/<name>` with:
 * `AuthorizationType: ilink_bot_token`, `Authorization: Bearer <bot token>` once logged in,
 * `X-WECHAT-UIN` (a random uint32 in decimal, base64), `iLink-App-Id: bot` and
 * `iLink-App-ClientVersion` (the version as 0x00MMNNPP, in decimal), and a body carrying
 * `base_info` (`channel_version`, `bot_agent`). The QR status poll is a GET without the token.
 * An answer's `ret`/`errcode` other than 0 is an error; -14 means the login expired.
 * `message_id`-style fields are uint64: quoted before parsing so they stay exact.
 */
import { randomBytes } from 'node:crypto';
import { VERSION } from '../../version.js';
import { httpCall, MAX_JSON_ANSWER_BYTES } from '../http-call.js';

/** iLink's code for a bot token that is no longer valid. */
export const SESSION_EXPIRED = -14;
const CALL_TIMEOUT_MS = 15_000;

/** iLink answered with an error: an HTTP status, or a `ret`/`errcode` in a 200 body. */
export class WeChatApiError extends Error {
  /** The HTTP status (200 when the error came in the body): send-failure.ts tells a refusal from downtime. */
  readonly status: number;
  constructor(
    readonly endpoint: string,
    status: number,
    readonly errcode: number,
    detail: string,
  ) {
    super(
      `WeChat ${endpoint}: ${status === 200 ? `errcode ${errcode}` : `HTTP ${status}`}${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'WeChatApiError';
    this.status = status;
  }

  get sessionExpired(): boolean {
    return this.errcode === SESSION_EXPIRED || this.status === 401;
  }
}

const clientVersion = (() => {
  const [major = 0, minor = 0, patch = 0] = VERSION.split('.').map((part) => Number.parseInt(part, 10) || 0);
  return String(((major & 0xff) << 16) | ((minor & 0xff) << 8) | (patch & 0xff));
})();

const BASE_INFO = { channel_version: VERSION, bot_agent: `Aibox/${VERSION}` };

function headers(token: string | undefined): Record<string, string> {
  const uin = Buffer.from(String(randomBytes(4).readUInt32BE(0))).toString('base64');
  return {
    AuthorizationType: 'ilink_bot_token',
    'X-WECHAT-UIN': uin,
    'iLink-App-Id': 'bot',
    'iLink-App-ClientVersion': clientVersion,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/** JSON.parse keeping uint64 ids exact (as strings); a string that merely contains the name is left alone. */
export function parseAnswer(text: string): unknown {
  return JSON.parse(text.replace(/(?<!\\)"(message_id|msg_id|svr_id)"(\s*):(\s*)(-?\d+)/g, '"$1"$2:$3"$4"'));
}

const short = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

export interface CallOptions {
  signal: AbortSignal;
  timeoutMs?: number;
  /** Largest answer read (default 1 MiB). */
  maxBytes?: number;
}

/** The parsed answer as an object; throws a WeChatApiError for an HTTP error or a non-zero code. */
function checked(endpoint: string, status: number, text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = parseAnswer(text);
  } catch {
    if (status < 200 || status >= 300) throw new WeChatApiError(endpoint, status, 0, '');
    throw new Error(`WeChat ${endpoint}: the answer is not JSON`);
  }
  const record = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const code = [record.errcode, record.ret].find((v) => typeof v === 'number' && v !== 0) as
    | number
    | undefined;
  if (status < 200 || status >= 300 || code !== undefined)
    throw new WeChatApiError(endpoint, status, code ?? 0, short(record.errmsg));
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`WeChat ${endpoint}: the answer is not an object`);
  return record;
}

export interface WeChatApi {
  /** POST `ilink/bot/<name>` (the query, if any, in `name`). */
  post(name: string, body: Record<string, unknown>, options: CallOptions): Promise<Record<string, unknown>>;
  /** GET `ilink/bot/<name>` without the bot token (the QR status). */
  get(name: string, options: CallOptions): Promise<Record<string, unknown>>;
}

export function createWeChatApi(root: string, token?: () => string | undefined): WeChatApi {
  const describe = (name: string, error: unknown) =>
    error instanceof WeChatApiError
      ? error
      : new Error(`WeChat ${name.replace(/\?.*/, '')}: ${(error as Error).message}`);
  return {
    async post(name, body, options) {
      const endpoint = name.replace(/\?.*/, '');
      const answer = await httpCall(`${root}/ilink/bot/${name}`, {
        method: 'POST',
        headers: headers(token?.()),
        json: { ...body, base_info: BASE_INFO },
        timeoutMs: options.timeoutMs ?? CALL_TIMEOUT_MS,
        signal: options.signal,
        maxBytes: options.maxBytes ?? MAX_JSON_ANSWER_BYTES,
      }).catch((error: unknown) => {
        throw describe(name, error);
      });
      return checked(endpoint, answer.status, answer.text());
    },
    async get(name, options) {
      const endpoint = name.replace(/\?.*/, '');
      const answer = await httpCall(`${root}/ilink/bot/${name}`, {
        method: 'GET',
        headers: headers(undefined),
        timeoutMs: options.timeoutMs ?? CALL_TIMEOUT_MS,
        signal: options.signal,
        maxBytes: MAX_JSON_ANSWER_BYTES,
      }).catch((error: unknown) => {
        throw describe(name, error);
      });
      return checked(endpoint, answer.status, answer.text());
    },
  };
}
