/**
 * `aibox channels login wechat`: the QR login in the terminal. The code is drawn in the
 * terminal (and its link printed for a phone that cannot scan a screen); a confirmed login
 * is written to the login file, which a running box picks up by itself. Ctrl-C stops.
 */
import { createInterface } from 'node:readline/promises';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import { qrMatrix } from './qr-matrix.js';
import { qrTerminalText } from './qr-terminal.js';
import {
  readWeChatLogin,
  removeWeChatLogin,
  wechatLoginPath,
  writeWeChatLogin,
} from './wechat-login-store.js';
import { wechatMessages } from './wechat-messages.js';
import { MAX_REFRESHES, qrLogin } from './wechat-qr-login.js';
import { wechatSettings } from './wechat-settings.js';

interface LoginCliInput {
  config: Config;
  home: string;
  lang: Lang;
  /** How the user runs aibox, for the hints. */
  aibox: string;
  print: (text: string) => void;
}

function previousToken(home: string): string | undefined {
  try {
    return readWeChatLogin(home)?.botToken;
  } catch {
    return undefined;
  }
}

/** Resolves with whether a login was saved (or the saved one stays valid). */
export async function loginWeChatCli(input: LoginCliInput): Promise<boolean> {
  const t = wechatMessages(input.lang);
  const stopper = new AbortController();
  const onSigint = () => stopper.abort();
  process.once('SIGINT', onSigint);
  try {
    const result = await qrLogin({
      settings: wechatSettings(input.config),
      previousToken: previousToken(input.home),
      signal: stopper.signal,
      onCode(link, refresh) {
        input.print(refresh === 0 ? t.scan : t.refreshed(refresh, MAX_REFRESHES));
        input.print(qrTerminalText(qrMatrix(link)));
        input.print(t.link(link));
      },
      onScanned: () => input.print(t.scanned),
      async askCode(again) {
        const rl = createInterface({ input: process.stdin, output: process.stdout });
        try {
          return await rl.question(again ? t.askCodeAgain : t.askCode, { signal: stopper.signal });
        } finally {
          rl.close();
        }
      },
    });
    if (result.kind === 'confirmed') {
      writeWeChatLogin(input.home, result.login);
      input.print(t.confirmed(result.login.botId, wechatLoginPath(input.home)));
      if (!input.config.channels.wechat.enabled) input.print(t.enableHint(input.aibox));
      input.print(t.pairHint(input.aibox));
      return true;
    }
    if (result.kind === 'already_bound') {
      input.print(t.alreadyBound);
      return true;
    }
    input.print(result.kind === 'expired' ? t.gaveUp(MAX_REFRESHES) : t.timedOut);
    return false;
  } catch (error) {
    input.print(t.failed(error instanceof Error ? error.message : String(error)));
    return false;
  } finally {
    process.off('SIGINT', onSigint);
  }
}

export function logoutWeChatCli(input: Pick<LoginCliInput, 'home' | 'lang' | 'print'>): void {
  const t = wechatMessages(input.lang);
  const path = wechatLoginPath(input.home);
  input.print(removeWeChatLogin(input.home) ? t.loggedOut(path) : t.noLogin);
}
