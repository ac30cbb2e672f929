/** What `/healthz` says about the WeChat login when the channel is enabled (read from the login file). */
import type { Config } from '../../config/schema.js';
import { wechatLoginState } from './wechat-login-store.js';

export function wechatHealth(config: Config, home: string): Record<string, unknown> | undefined {
  if (!config.channels.wechat.enabled) return undefined;
  const { state, login } = wechatLoginState(home);
  return {
    login: state,
    ...(login ? { bot: login.botId, logged_in_at: login.loggedInAt } : {}),
    ...(login?.expiredAt ? { expired_at: login.expiredAt } : {}),
  };
}
