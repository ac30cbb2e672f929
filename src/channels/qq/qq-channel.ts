/** QQ as a channel kind: settings here, the gateway client loaded only when the channel starts or is checked. */
import type { ChannelKind } from '../channel-kind.js';
import { QQ_APP_ID_ENV, QQ_CLIENT_SECRET_ENV, qqSettings } from './qq-settings.js';

export const qqChannel: ChannelKind = {
  name: 'qq',
  label: 'QQ',
  setup: {
    keys: ['channels.qq.app_id', 'channels.qq.client_secret'],
    env: [QQ_APP_ID_ENV, QQ_CLIENT_SECRET_ENV],
  },
  configured: (config, env) => qqSettings(config, env) !== undefined,
  allowedIds: (config, env) => qqSettings(config, env)?.allowedIds ?? [],
  async createTransport(config, env, logger, tuning) {
    const settings = qqSettings(config, env);
    if (!settings) throw new Error(`QQ: no AppID and AppSecret (${QQ_APP_ID_ENV})`);
    const { createQqTransport } = await import('./qq-transport.js');
    return createQqTransport({ settings, logger, ...tuning });
  },
  async check(input) {
    const { checkQq } = await import('./check-qq.js');
    return checkQq(input);
  },
};
