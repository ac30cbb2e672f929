/** DingTalk as a channel kind: settings here, dingtalk-stream loaded only when the channel starts or is checked. */
import type { ChannelKind } from '../channel-kind.js';
import { DINGTALK_CLIENT_ID_ENV, DINGTALK_CLIENT_SECRET_ENV, dingtalkSettings } from './dingtalk-settings.js';

export const dingtalkChannel: ChannelKind = {
  name: 'dingtalk',
  label: '钉钉 DingTalk',
  setup: {
    keys: ['channels.dingtalk.client_id', 'channels.dingtalk.client_secret'],
    env: [DINGTALK_CLIENT_ID_ENV, DINGTALK_CLIENT_SECRET_ENV],
  },
  configured: (config, env) => dingtalkSettings(config, env) !== undefined,
  allowedIds: (config, env) => dingtalkSettings(config, env)?.allowedIds ?? [],
  async createTransport(config, env, logger, tuning, context) {
    const settings = dingtalkSettings(config, env);
    if (!settings) throw new Error(`DingTalk: no client id and secret (${DINGTALK_CLIENT_ID_ENV})`);
    const { createDingTalkTransport } = await import('./dingtalk-transport.js');
    return createDingTalkTransport({ settings, logger, context, ...tuning });
  },
  async check(input) {
    const { checkDingTalk } = await import('./check-dingtalk.js');
    return checkDingTalk(input);
  },
};
