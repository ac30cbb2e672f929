/**
 * Logging in to WeChat by QR code (iLink): `get_bot_qrcode?bot_type=3` gives a code and the
 * link to show as a QR code; `get_qrcode_status?qrcode=…` (a GET the server holds for a
 * while) says `wait`, `scaned`, `need_verifycode` (the person types the number their phone
 * shows; sent back as `&verify_code=`), `expired` (a new code is fetched, at most
 * `MAX_REFRESHES` times), `verify_code_blocked` (likewise), `scaned_but_redirect` (poll
 * `redirect_host` instead), `binded_redirect` (this bot is already bound: the stored login
 * stands) or `confirmed` with the bot token, the bot's id, its API host and who scanned.
 * Every field is checked; a network error is a pause, not the end; the whole login ends after
 * `LOGIN_TIMEOUT_MS`.
 */
import { sleep } from '../../util/sleep.js';
import { MAX_QR_BYTES } from './qr-matrix.js';
import { createWeChatApi } from './wechat-api.js';
import type { WeChatLogin } from './wechat-login-store.js';
import type { WeChatSettings } from './wechat-settings.js';

export const MAX_REFRESHES = 3;
const LOGIN_TIMEOUT_MS = 8 * 60_000;
/** The server holds a status poll up to ~35 s. */
const STATUS_TIMEOUT_MS = 40_000;
const MAX_TOKEN_CHARS = 4096;
const MAX_ID_CHARS = 256;

export type QrLoginResult =
  | { kind: 'confirmed'; login: WeChatLogin }
  | { kind: 'already_bound' }
  | { kind: 'expired' }
  | { kind: 'timeout' }
  | { kind: 'stopped' };

export interface QrLoginOptions {
  settings: WeChatSettings;
  /** The stored login's token, if any: iLink may bind the new login to the same bot. */
  previousToken?: string;
  signal: AbortSignal;
  /** A code to show: the first, and each one fetched after the previous expired (`refresh` counts them). */
  onCode(link: string, refresh: number): void;
  onScanned?(): void;
  /** The number the phone shows; `again` when the last one was wrong. */
  askCode?(again: boolean): Promise<string>;
  /** Between status polls the server answered at once (tests: 0). */
  pauseMs?: number;
  now?: () => Date;
}

const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;

/** An https origin from a host name or URL iLink gave; undefined for anything else. */
function httpsOrigin(value: unknown): string | undefined {
  const raw = text(value, 256);
  if (!raw) return undefined;
  try {
    const url = new URL(/^https?:\/\//.test(raw) ? raw : `https://${raw}`);
    return url.protocol === 'https:' && url.username === '' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export async function qrLogin(options: QrLoginOptions): Promise<QrLoginResult> {
  const { settings, signal } = options;
  const pauseMs = options.pauseMs ?? 1000;
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(LOGIN_TIMEOUT_MS)]);
  const start = createWeChatApi(settings.apiRoot);
  let poll = start;

  const fetchCode = async (refresh: number): Promise<string> => {
    const answer = await start.post(
      'get_bot_qrcode?bot_type=3',
      { local_token_list: options.previousToken ? [options.previousToken] : [] },
      { signal: deadline },
    );
    const code = text(answer.qrcode, 1024);
    const link = text(answer.qrcode_img_content, MAX_QR_BYTES);
    if (!code || !link) throw new Error('WeChat get_bot_qrcode: no usable qrcode / qrcode_img_content');
    options.onCode(link, refresh);
    return code;
  };

  let refresh = 0;
  let code = await fetchCode(refresh);
  let verify: string | undefined;
  let scanned = false;
  while (!deadline.aborted) {
    let answer: Record<string, unknown>;
    try {
      const query = `qrcode=${encodeURIComponent(code)}${verify ? `&verify_code=${encodeURIComponent(verify)}` : ''}`;
      answer = await poll.get(`get_qrcode_status?${query}`, {
        signal: deadline,
        timeoutMs: STATUS_TIMEOUT_MS,
      });
    } catch {
      if (deadline.aborted) break;
      await sleep(Math.max(pauseMs, 1000), deadline).catch(() => undefined);
      continue;
    }
    const status = answer.status;
    if (status === 'confirmed') {
      const botToken = text(answer.bot_token, MAX_TOKEN_CHARS);
      const botId = text(answer.ilink_bot_id, MAX_ID_CHARS);
      if (!botToken || !botId)
        throw new Error('WeChat get_qrcode_status: confirmed without bot_token / ilink_bot_id');
      return {
        kind: 'confirmed',
        login: {
          botToken,
          botId,
          baseUrl: httpsOrigin(answer.baseurl) ?? '',
          userId: text(answer.ilink_user_id, MAX_ID_CHARS) ?? '',
          loggedInAt: (options.now?.() ?? new Date()).toISOString(),
          cursor: '',
        },
      };
    }
    if (status === 'binded_redirect') return { kind: 'already_bound' };
    if (status === 'need_verifycode' && options.askCode) {
      verify = (await options.askCode(verify !== undefined)).trim().slice(0, 32);
      continue;
    }
    if (status === 'expired' || status === 'verify_code_blocked') {
      refresh += 1;
      if (refresh > MAX_REFRESHES) return { kind: 'expired' };
      verify = undefined;
      scanned = false;
      code = await fetchCode(refresh);
      continue;
    }
    if (status === 'scaned') {
      verify = undefined;
      if (!scanned) options.onScanned?.();
      scanned = true;
    }
    if (status === 'scaned_but_redirect' && !settings.apiRootFixed) {
      const origin = httpsOrigin(answer.redirect_host);
      if (origin) poll = createWeChatApi(origin);
    }
    await sleep(pauseMs, deadline).catch(() => undefined);
  }
  return signal.aborted ? { kind: 'stopped' } : { kind: 'timeout' };
}
