/**
 * The QR login the page's Channels tab runs on the server: one at a time (a second start while
 * one runs shows the same), its state read by the page's polls, the verification number taken
 * from the page; it ends when cancelled, confirmed, given up, or after 8 minutes. A confirmed
 * login is written to the login file, where the running channel picks it up.
 */
import type { Config } from '../../config/schema.js';
import type { Logger } from '../../log/logger.js';
import { qrMatrix } from './qr-matrix.js';
import { readWeChatLogin, writeWeChatLogin } from './wechat-login-store.js';
import { qrLogin } from './wechat-qr-login.js';
import { wechatSettings } from './wechat-settings.js';

export type PageLoginStatus =
  | 'starting'
  | 'waiting'
  | 'scanned'
  | 'need_code'
  | 'confirmed'
  | 'already_bound'
  | 'expired'
  | 'timeout'
  | 'stopped'
  | 'failed';

export interface PageLoginState {
  status: PageLoginStatus;
  /** Grows with every change: the page asks for the state after the one it has. */
  version: number;
  /** The QR code's rows, `1` for a dark module. */
  qr?: string[];
  link?: string;
  /** How many times the code was renewed after expiring. */
  refresh?: number;
  /** The number the page typed was wrong. */
  codeAgain?: boolean;
  bot?: string;
  error?: string;
}

interface PageLoginOptions {
  config: () => Config;
  home: string;
  logger: Logger;
}

const RUNNING: readonly PageLoginStatus[] = ['starting', 'waiting', 'scanned', 'need_code'];

export function createPageLogin(options: PageLoginOptions) {
  let state: PageLoginState | undefined;
  let stopper: AbortController | undefined;
  let giveCode: ((code: string) => void) | undefined;
  let version = 0;
  let waiters: (() => void)[] = [];
  const set = (next: Omit<PageLoginState, 'version'>) => {
    version += 1;
    state = { ...next, version };
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };

  const running = () => state !== undefined && RUNNING.includes(state.status);

  function start(): PageLoginState {
    if (running()) return state as PageLoginState;
    const controller = new AbortController();
    stopper = controller;
    set({ status: 'starting' });
    let previousToken: string | undefined;
    try {
      previousToken = readWeChatLogin(options.home)?.botToken;
    } catch {
      previousToken = undefined;
    }
    const update = (next: Partial<PageLoginState>) => {
      if (stopper === controller) set({ ...(state as PageLoginState), ...next });
    };
    void qrLogin({
      settings: wechatSettings(options.config()),
      previousToken,
      signal: controller.signal,
      onCode: (link, refresh) =>
        update({
          status: 'waiting',
          link,
          refresh,
          qr: qrMatrix(link).map((row) => row.map((d) => (d ? '1' : '0')).join('')),
        }),
      onScanned: () => update({ status: 'scanned' }),
      askCode: (again) =>
        new Promise<string>((resolve, reject) => {
          update({ status: 'need_code', codeAgain: again });
          giveCode = resolve;
          controller.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        }),
    }).then(
      (result) => {
        if (result.kind === 'confirmed') {
          writeWeChatLogin(options.home, result.login);
          options.logger.info({ bot: result.login.botId }, 'WeChat logged in from the page');
          update({ status: 'confirmed', bot: result.login.botId, qr: undefined, link: undefined });
        } else update({ status: result.kind, qr: undefined, link: undefined });
      },
      (error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        options.logger.warn({ error: why }, 'the WeChat login from the page failed');
        update({
          status: controller.signal.aborted ? 'stopped' : 'failed',
          error: why,
          qr: undefined,
          link: undefined,
        });
      },
    );
    return state as PageLoginState;
  }

  return {
    start,
    state: (): PageLoginState | undefined => state,
    /** The state once it is newer than `after` (at once if it is), or as it is after `waitMs`. */
    async changed(after: number, waitMs: number, signal: AbortSignal): Promise<PageLoginState | undefined> {
      if (version > after || signal.aborted) return state;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          waiters = waiters.filter((w) => w !== done);
          resolve();
        };
        const timer = setTimeout(done, waitMs);
        timer.unref();
        signal.addEventListener('abort', done, { once: true });
        waiters.push(done);
      });
      return state;
    },
    /** Passes the number the phone shows; false when no login asks for one. */
    answerCode(code: string): boolean {
      if (state?.status !== 'need_code' || !giveCode) return false;
      const give = giveCode;
      giveCode = undefined;
      set({ ...state, status: 'waiting', codeAgain: false });
      give(code);
      return true;
    },
    cancel(): void {
      stopper?.abort();
      if (running()) set({ status: 'stopped' });
    },
  };
}
