/**
 * `aibox channels check` for WeChat: the stored QR login, and one real call with its token
 * (`getconfig` for the person who scanned), which iLink refuses with errcode -14 once the
 * login expired (the file is then marked, so the page and `/healthz` say so too).
 */
import { resolveHome } from '../../config/paths.js';
import type { ChannelCheck, ChannelCheckInput } from '../channel-kind.js';
import { channelCheckMessages } from '../messages.js';
import { createWeChatApi, WeChatApiError } from './wechat-api.js';
import { updateWeChatLogin, wechatLoginPath, wechatLoginState } from './wechat-login-store.js';
import { wechatMessages } from './wechat-messages.js';
import { wechatSettings } from './wechat-settings.js';

export async function checkWeChat(
  input: ChannelCheckInput,
  home = resolveHome(input.env),
): Promise<ChannelCheck> {
  const t = wechatMessages(input.lang);
  const settings = wechatSettings(input.config);
  if (!input.config.channels.wechat.enabled)
    return { channel: 'wechat', ok: true, lines: [t.checkNotEnabled] };
  const { state, login } = wechatLoginState(home);
  const fail = (line: string): ChannelCheck => ({ channel: 'wechat', ok: false, lines: [line] });
  if (state === 'none') return fail(t.checkNoLogin(input.aibox));
  if (state === 'broken') return fail(t.checkBroken(wechatLoginPath(home)));
  if (!login || login.expiredAt) return fail(t.checkExpired(input.aibox, login?.expiredAt ?? ''));
  const root = settings.apiRootFixed || !login.baseUrl ? settings.apiRoot : login.baseUrl;
  const lines: string[] = [];
  try {
    await createWeChatApi(root, () => login.botToken).post(
      'getconfig',
      { ilink_user_id: login.userId },
      { signal: AbortSignal.timeout(input.timeoutMs) },
    );
    lines.push(t.checkOk(login.botId, login.loggedInAt));
  } catch (error) {
    const why = (error instanceof Error ? error.message : String(error)).replaceAll(
      login.botToken,
      '[token]',
    );
    if (error instanceof WeChatApiError && error.sessionExpired) {
      const at = new Date().toISOString();
      updateWeChatLogin(home, login.botToken, (l) => ({ ...l, expiredAt: at }));
      return fail(t.checkExpired(input.aibox, at));
    }
    return fail(error instanceof WeChatApiError ? t.checkRefused(why) : t.checkUnreachable(root, why));
  }
  if (settings.allowedIds.length === 0)
    lines.push(channelCheckMessages(input.lang).noAllowedIds(input.aibox));
  return { channel: 'wechat', ok: true, lines };
}
