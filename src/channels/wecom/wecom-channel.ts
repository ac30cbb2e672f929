/** WeCom as a channel kind: settings here, the long-connection client loaded only when the channel starts or is checked. */
import type { ChannelKind } from '../channel-kind.js';
import { WECOM_BOT_ID_ENV, WECOM_SECRET_ENV, wecomSettings } from './wecom-settings.js';

export const wecomChannel: ChannelKind = {
  name: 'wecom',
  label: '企业微信 WeCom',
  setup: {
    keys: ['channels.wecom.bot_id', 'channels.wecom.secret'],
    env: [WECOM_BOT_ID_ENV, WECOM_SECRET_ENV],
  },
  configured: (config, env) => wecomSettings(config, env) !== undefined,
  allowedIds: (config, env) => wecomSettings(config, env)?.allowedIds ?? [],
  async createTransport(config, env, logger, tuning) {
    const settings = wecomSettings(config, env);
    if (!settings) throw new Error(`WeCom: no bot id and secret (${WECOM_BOT_ID_ENV})`);
    const { createWeComTransport } = await import('./wecom-transport.js');
    return createWeComTransport({ settings, logger, ...tuning });
  },
  async check(input) {
    const { checkWeCom } = await import('./check-wecom.js');
    return checkWeCom(input);
  },
};
