/** Feishu/Lark as a channel kind: settings here, the SDK loaded only when the channel starts or is checked. */
import type { ChannelKind } from '../channel-kind.js';
import { LARK_APP_ID_ENV, LARK_APP_ID_PATTERN, LARK_APP_SECRET_ENV, larkSettings } from './lark-settings.js';

export const larkChannel: ChannelKind = {
  name: 'lark',
  label: '飞书/Lark',
  setup: {
    keys: ['channels.lark.app_id', 'channels.lark.app_secret'],
    env: [LARK_APP_ID_ENV, LARK_APP_SECRET_ENV],
  },
  configured: (config, env) => larkSettings(config, env) !== undefined,
  allowedIds: (config, env) => larkSettings(config, env)?.allowedIds ?? [],
  async createTransport(config, env, logger, tuning) {
    const settings = larkSettings(config, env);
    if (!settings) throw new Error('Feishu/Lark: no app id or secret');
    if (!LARK_APP_ID_PATTERN.test(settings.appId))
      throw new Error(
        `Feishu/Lark: the app id (${LARK_APP_ID_ENV} or channels.lark.app_id) is not cli_ + 16 hex digits`,
      );
    const { createLarkTransport } = await import('./lark-transport.js');
    return createLarkTransport({
      appId: settings.appId,
      appSecret: settings.appSecret,
      domain: settings.domain,
      logger,
      ...tuning,
    });
  },
  async check(input) {
    const { checkLark } = await import('./check-lark.js');
    return checkLark(input);
  },
};
